import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import type { ImportResult } from '../../../../shared/schemas/backup.ts';
import { renderScreen, signedInSession, stubApi } from '../../../test/auth-test-helpers.tsx';
import { BackupTab } from './backup-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const counts = {
  notebooks: 2,
  sections: 3,
  notes: 5,
  todoLists: 1,
  categories: 1,
  todoItems: 4,
  subtasks: 0,
  calendarIntegrations: 0,
  calendarEvents: 0,
  labels: 2,
  taskLabels: 3,
  reminders: 0,
  files: 0,
};
const result = (dryRun: boolean): ImportResult => ({
  dryRun,
  clearedExisting: true,
  counts,
  skippedCount: 1,
  skipped: [{ array: 'notes', index: 4, reason: messages.backup.parentMissing('section') }],
});

type Answer = { status: number; body: unknown };
const sent: string[] = [];
/** The content type of each upload, in order. */
const sentTypes: string[] = [];

/** XMLHttpRequest as the upload uses it: progress half-way, then the answer for that URL. */
function stubXhr(answer: (url: string) => Answer) {
  sent.length = 0;
  sentTypes.length = 0;
  class FakeXhr {
    url = '';
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      if (name.toLowerCase() === 'content-type') sentTypes.push(value);
    }
    send(body: Blob) {
      sent.push(this.url);
      setTimeout(() => {
        this.upload.onprogress?.({
          lengthComputable: true,
          loaded: body.size / 2,
          total: body.size,
        } as ProgressEvent);
        const { status, body: json } = answer(this.url);
        this.status = status;
        this.responseText = JSON.stringify(json);
        this.onload?.();
      }, 5);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

async function renderTab(readOnly = false) {
  const session = { ...signedInSession, profile: { ...signedInSession.profile, readOnly } };
  stubApi({ 'GET /api/auth/session': { status: 200, body: session } });
  const onImported = vi.fn();
  renderScreen(<BackupTab onImported={onImported} />, { path: '/app' });
  const importSection = within(await screen.findByRole('region', { name: 'Import' }));
  return { onImported, importSection, user: userEvent.setup() };
}

const backupFile = () => new File(['{"version":"1.0.0"}'], 'backup.json', { type: 'application/json' });

describe('settings: backup tab', () => {
  it('checks the file first, shows the preview, and imports only on confirmation', async () => {
    stubXhr((url) => ({ status: 200, body: result(url.includes('dryRun=true')) }));
    const { importSection, onImported, user } = await renderTab();
    const button = importSection.getByRole('button', { name: 'Import from File' });
    expect(button).toBeDisabled();
    await user.upload(
      importSection.getByLabelText('Backup file (JSON) or zip of Markdown files'),
      backupFile(),
    );
    await user.click(importSection.getByLabelText('Clear existing data before importing'));
    await user.click(button);

    const preview = within(await screen.findByRole('region', { name: 'Import preview' }));
    expect(sent).toEqual(['/api/backup/import?clearExisting=true&dryRun=true']);
    expect(preview.getByRole('list', { name: '' }).textContent).toContain(
      `notes #5: ${messages.backup.parentMissing('section')}`,
    );
    expect(
      preview.getByText('Your existing notebooks, notes, to-do lists and tasks will be deleted first.'),
    ).toBeVisible();
    expect(preview.getByLabelText('Rows to import').textContent).toContain('Notes5');
    expect(preview.getByLabelText('Rows to import').textContent).toContain('Labels2');
    expect(preview.getByLabelText('Rows to import').textContent).toContain('Label links3');

    await user.click(preview.getByRole('button', { name: 'Confirm Import' }));
    expect(await importSection.findByText(messages.backup.imported)).toBeVisible();
    expect(sent[1]).toBe('/api/backup/import?clearExisting=true&dryRun=false');
    await waitFor(() => expect(onImported).toHaveBeenCalledTimes(1), { timeout: 3000 });
  });

  it('sends a zip of Markdown as a zip, with its name for the notebook of its root pages', async () => {
    stubXhr((url) => ({ status: 200, body: result(url.includes('dryRun=true')) }));
    const { importSection, user } = await renderTab();
    const zip = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'My vault.zip', { type: 'application/zip' });
    await user.upload(importSection.getByLabelText('Backup file (JSON) or zip of Markdown files'), zip);
    await user.click(importSection.getByRole('button', { name: 'Import from File' }));
    await screen.findByRole('region', { name: 'Import preview' });
    expect(sent).toEqual(['/api/backup/import?clearExisting=false&dryRun=true&name=My+vault.zip']);
    expect(sentTypes).toEqual(['application/zip']);
  });

  it('cancelling the preview writes nothing', async () => {
    stubXhr(() => ({ status: 200, body: result(true) }));
    const { importSection, user } = await renderTab();
    await user.upload(
      importSection.getByLabelText('Backup file (JSON) or zip of Markdown files'),
      backupFile(),
    );
    await user.click(importSection.getByRole('button', { name: 'Import from File' }));
    const preview = within(await screen.findByRole('region', { name: 'Import preview' }));
    await user.click(preview.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Import preview' })).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('shows a refusal as "Import failed: <message>"', async () => {
    stubXhr(() => ({
      status: 400,
      body: { error: { code: 'validation_failed', message: messages.backup.missingArray('notes') } },
    }));
    const { importSection, user } = await renderTab();
    await user.upload(
      importSection.getByLabelText('Backup file (JSON) or zip of Markdown files'),
      backupFile(),
    );
    await user.click(importSection.getByRole('button', { name: 'Import from File' }));
    expect(await importSection.findByRole('alert')).toHaveTextContent(
      'Import failed: Missing or invalid data: notes',
    );
  });

  it('lets a read-only account export but not import, and says why', async () => {
    const { importSection } = await renderTab(true);
    expect(importSection.getByText(messages.backup.readOnlyImport)).toBeVisible();
    expect(importSection.getByLabelText('Backup file (JSON) or zip of Markdown files')).toBeDisabled();
    expect(importSection.getByLabelText('Clear existing data before importing')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export to File' })).toBeEnabled();
  });
});
