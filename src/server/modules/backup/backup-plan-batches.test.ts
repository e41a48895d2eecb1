import { describe, expect, it } from 'vitest';
import { batchChars, ImportBatches } from './backup-plan-batches.ts';
import { type BackupTable, importColumns } from './backup-tables.ts';

const columns = importColumns.todos.length;

/** Lays a row of `table` out as its values (the title holds `title`) and tells the batches. */
function addRow(batches: ImportBatches, table: BackupTable, title = 'x') {
  const batch = batches.batch(table);
  const start = batch.length;
  batch.push(...importColumns[table].map((column) => (column === 'title' ? title : 0)));
  return batches.added(table, start);
}

/** A writer that records each call and finishes a write only when the test says so. */
function heldWriter() {
  const calls: Array<{ table: BackupTable; rows: number }> = [];
  const pending: Array<{ finish: () => void; fail: (error: Error) => void }> = [];
  const write = (table: BackupTable, values: unknown[]) => {
    calls.push({ table, rows: values.length / importColumns[table].length });
    return new Promise<void>((resolve, reject) => {
      pending.push({ finish: resolve, fail: reject });
    });
  };
  return { calls, pending, write };
}

describe("the import's batches", () => {
  it('hands a batch over once it holds the rows per batch for its column count', async () => {
    const written: number[] = [];
    const asked: number[] = [];
    const batches = new ImportBatches(
      async (_table, values) => {
        written.push(values.length / columns);
      },
      (count) => {
        asked.push(count);
        return 3;
      },
    );
    for (let row = 0; row < 7; row++) await addRow(batches, 'todos');
    expect(asked).toEqual([columns]);
    expect(written).toEqual([3, 3]);
    await batches.flush('todos', true);
    await batches.settled();
    expect(written).toEqual([3, 3, 1]);
  });

  it('hands a batch over once its text reaches the character cap, before its row limit', async () => {
    const written: number[] = [];
    const batches = new ImportBatches(
      async (_table, values) => {
        written.push(values.length / columns);
      },
      () => 1000,
    );
    const long = 'x'.repeat(batchChars / 2);
    expect(addRow(batches, 'todos', long)).toBeUndefined();
    await addRow(batches, 'todos', long);
    expect(written).toEqual([2]);
  });

  it('writes one batch at a time: the next waits until the one under way is done', async () => {
    const writer = heldWriter();
    const batches = new ImportBatches(writer.write, () => 1);
    await addRow(batches, 'todos');
    expect(writer.calls).toHaveLength(1);
    const second = addRow(batches, 'todos');
    await Promise.resolve();
    expect(writer.calls).toHaveLength(1);
    writer.pending[0]?.finish();
    await second;
    expect(writer.calls).toHaveLength(2);
    writer.pending[1]?.finish();
    await batches.settled();
  });

  it("answers a failed write at the next wait on it, and the last one's at settled", async () => {
    const writer = heldWriter();
    const batches = new ImportBatches(writer.write, () => 1);
    await addRow(batches, 'todos');
    writer.pending[0]?.fail(new Error('disk full'));
    await expect(addRow(batches, 'todos')).rejects.toThrow('disk full');

    const other = heldWriter();
    const last = new ImportBatches(other.write, () => 1);
    await addRow(last, 'todos');
    other.pending[0]?.fail(new Error('gone'));
    await expect(last.settled()).rejects.toThrow('gone');
  });

  it('skips an empty batch unless its array is done, and forgets what a bad row discards', async () => {
    const writer = heldWriter();
    const batches = new ImportBatches(writer.write, () => 1000);
    await batches.flush('notes', false);
    expect(writer.calls).toEqual([]);
    await batches.flush('notes', true);
    expect(writer.calls).toEqual([{ table: 'notes', rows: 0 }]);
    writer.pending[0]?.finish();

    addRow(batches, 'todos');
    addRow(batches, 'todos');
    batches.discard();
    await batches.flush('todos', false);
    expect(writer.calls).toHaveLength(1);
  });
});
