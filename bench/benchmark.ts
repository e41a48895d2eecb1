/**
 * One benchmark: it measures and prints figures, and never asserts (DESIGN.md §6). run.ts lists them;
 * a new benchmark is a new file in bench/ exporting one of these, added to that list.
 */
export interface Benchmark {
  /** Short id, used to pick benchmarks: `npm run bench -- <name>`. */
  name: string;
  /** One line saying what is measured. */
  title: string;
  run(): Promise<void>;
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
