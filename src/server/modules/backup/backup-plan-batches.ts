import { type BackupTable, importColumns } from './backup-tables.ts';

/**
 * Writes a batch of planned rows into one table (the import's transaction); absent for a dry run.
 * `values` holds the rows' values one row after another, in importColumns[table] order.
 */
export type WriteBatch = (table: BackupTable, values: unknown[]) => Promise<void>;

/**
 * A batch is also written once its text reaches this many characters (pages run to 2 KB and more), so
 * a batch of pages stays small in memory: rows written soon after they are read die young, where a
 * batch kept across several minor collections is copied into the old generation and stays there, as
 * garbage, until the next full collection (the peak memory of a large import).
 */
export const batchChars = 256 * 1024;

/**
 * The planned rows of each table waiting to be written, handed to `write` once a batch holds
 * `batchRows(columns)` rows or `batchChars` characters of text, and when its array is complete. One batch
 * is written while the next is planned: on PostgreSQL the database's work (its trigram indexes above
 * all) overlaps with reading the file. Only one, so memory stays bounded; a failed write is answered by
 * the next wait on it (`flush` or `settled`).
 */
export class ImportBatches {
  /** Per table: the values of the rows planned and not yet written, row after row. */
  readonly #batches = new Map<BackupTable, unknown[]>();
  /** Values per batch of each table (rows per batch times the table's columns). */
  readonly #limits = new Map<BackupTable, number>();
  /** Characters of text in each table's batch. */
  readonly #text = new Map<BackupTable, number>();
  #writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: WriteBatch,
    private readonly batchRows: (columns: number) => number,
  ) {}

  /** The batch the next row of `table` is laid out into (its values appended at the end). */
  batch(table: BackupTable): unknown[] {
    let batch = this.#batches.get(table);
    if (!batch) {
      batch = [];
      this.#batches.set(table, batch);
    }
    return batch;
  }

  /**
   * A row's values were appended to `table`'s batch from `start` on: its text is counted, and the batch
   * is written when full (the promise of that write's start; undefined when there is nothing to wait for).
   */
  added(table: BackupTable, start: number): Promise<void> | undefined {
    const batch = this.batch(table);
    let chars = this.#text.get(table) ?? 0;
    for (let at = start; at < batch.length; at++) {
      const planned = batch[at];
      if (typeof planned === 'string') chars += planned.length;
    }
    this.#text.set(table, chars);
    const columns = importColumns[table].length;
    let limit = this.#limits.get(table);
    if (limit === undefined) {
      limit = this.batchRows(columns) * columns;
      this.#limits.set(table, limit);
    }
    return batch.length >= limit || chars >= batchChars ? this.flush(table, false) : undefined;
  }

  /**
   * Hands `table`'s batch to `write` once the write under way has settled. An empty batch is skipped
   * unless `complete` (the table's array is done).
   */
  async flush(table: BackupTable, complete: boolean): Promise<void> {
    const batch = this.#batches.get(table) ?? [];
    this.#batches.delete(table);
    this.#text.delete(table);
    if (batch.length === 0 && !complete) return;
    await this.#writing;
    this.#writing = this.write(table, batch);
    this.#writing.catch(() => undefined);
  }

  /** Forgets every row not yet handed over (a bad row: nothing more is written). */
  discard(): void {
    this.#batches.clear();
    this.#text.clear();
  }

  /** Settles with the last write handed over; rejects when it failed. */
  settled(): Promise<void> {
    return this.#writing;
  }
}
