import { describe, expect, it } from 'vitest';
import { backupArrays } from '../../../shared/domain/backup-format.ts';
import { createImportPlanner } from './backup-plan.ts';
import { type BackupTable, importColumns } from './backup-tables.ts';

const at = '2025-01-02T03:04:05.678Z';

/** Plans a file of one notebook, one section and `pages` pages of `chars` characters; answers the batches. */
async function planPages(pages: number, chars: number) {
  const batches: Array<{ table: BackupTable; rows: Array<Record<string, unknown>> }> = [];
  let ids = 0;
  const planner = createImportPlanner({
    userId: 'me',
    now: at,
    newId: () => `new-${++ids}`,
    batchRows: () => 1000,
    write: async (table, values) => {
      const columns = importColumns[table];
      const rows: Array<Record<string, unknown>> = [];
      for (let start = 0; start < values.length; start += columns.length) {
        rows.push(Object.fromEntries(columns.map((column, index) => [column, values[start + index]])));
      }
      batches.push({ table, rows });
    },
  });
  const file: Record<string, unknown[]> = {
    notebooks: [{ id: 'b', title: 'Book', position: 0, created_at: at, updated_at: at }],
    sections: [{ id: 's', notebook_id: 'b', title: 'Part', position: 0, created_at: at, updated_at: at }],
    notes: Array.from({ length: pages }, (_, i) => ({
      id: `n${i}`,
      section_id: 's',
      title: `Page ${i}`,
      content: 'x'.repeat(chars),
      position: i,
      created_at: at,
      updated_at: at,
    })),
  };
  for (const name of backupArrays) {
    for (const [index, value] of (file[name] ?? []).entries()) await planner.row(name, index, value);
    await planner.arrayEnd(name);
  }
  const outcome = await planner.finish();
  return { batches, outcome };
}

describe('the import planner', () => {
  it('hands each row over as its values in importColumns order, parents remapped to new ids', async () => {
    const { batches } = await planPages(1, 10);
    const page = batches.find((batch) => batch.table === 'notes')?.rows[0];
    expect(page).toEqual({
      id: 'new-3',
      section_id: 'new-2',
      notebook_id: 'new-1',
      user_id: 'me',
      title: 'Page 0',
      content: 'xxxxxxxxxx',
      position: 0,
      version: 1,
      created_at: at,
      updated_at: at,
    });
  });

  it('writes a batch of pages once it holds 256 K characters of text, whatever its row limit', async () => {
    const { batches, outcome } = await planPages(10, 100_000);
    const pages = batches.filter((batch) => batch.table === 'notes').map((batch) => batch.rows.length);
    // 100,000-character pages: the third one takes a batch past 256 K characters.
    expect(pages).toEqual([3, 3, 3, 1]);
    expect(outcome.counts.notes).toBe(10);
  });
});
