import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { MarkdownEditor } from './markdown-editor.tsx';
import { editorText } from './markdown-editor-test-helpers.ts';

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.restoreAllMocks());

function renderReadOnlyPage() {
  render(
    <MarkdownEditor
      value="A page"
      onChange={vi.fn()}
      readOnly
      label="Page content"
      placeholder="Start"
      toolbar
    />,
  );
  return screen.getByRole('textbox', { name: 'Page content' });
}

it('says why, instead of opening the file picker, when a read-only account clicks Attach file', async () => {
  const picker = vi.spyOn(HTMLInputElement.prototype, 'click');
  const send = vi.spyOn(XMLHttpRequest.prototype, 'send');
  const body = renderReadOnlyPage();
  expect(screen.queryByRole('toolbar', { name: 'Formatting' })).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: messages.attachments.attach }));
  expect(await screen.findByRole('status')).toHaveTextContent(messages.api.readOnly);
  expect(picker).not.toHaveBeenCalled();
  expect(send).not.toHaveBeenCalled();
  expect(editorText(body)).toBe('A page');
});

it('says why, and uploads nothing, when a file is dropped or pasted into a read-only page', async () => {
  const send = vi.spyOn(XMLHttpRequest.prototype, 'send');
  const body = renderReadOnlyPage();
  const file = new File(['png'], 'cat.png', { type: 'image/png' });

  fireEvent.drop(body, { dataTransfer: { files: [file], types: ['Files'] } });
  expect(await screen.findByRole('status')).toHaveTextContent(messages.api.readOnly);
  fireEvent.paste(body, { clipboardData: { files: [file], types: ['Files'], getData: () => '' } });
  expect(screen.getByRole('status')).toHaveTextContent(messages.api.readOnly);
  expect(send).not.toHaveBeenCalled();
  expect(editorText(body)).toBe('A page');
});
