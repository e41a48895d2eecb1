import { describe, expect, it } from 'vitest';
import { skippedListMax } from '../../../shared/schemas/backup.ts';
import { ImportRefusals } from './backup-plan-refusals.ts';

describe("the import's refusals", () => {
  it('reports the first array in the format order, whichever bad row was read first', () => {
    const refusals = new ImportRefusals();
    expect(refusals.firstProblem()).toBeNull();
    // A file listing its pages before its notebooks: the pages' bad row is read first.
    refusals.refuse('notes', 'a bad page');
    refusals.refuse('todoItems', 'a bad task');
    refusals.refuse('notebooks', 'a bad notebook');
    expect(refusals.firstProblem()).toBe('a bad notebook');
  });

  it("keeps an array's first bad row", () => {
    const refusals = new ImportRefusals();
    expect(refusals.any).toBe(false);
    refusals.refuse('sections', 'row 3');
    refusals.refuse('sections', 'row 7');
    expect(refusals.firstProblem()).toBe('row 3');
    expect(refusals.refused('sections')).toBe(true);
    expect(refusals.refused('notebooks')).toBe(false);
    expect(refusals.any).toBe(true);
  });

  it('lists skipped rows in the format order, then file order; counts them all, lists a bounded few', () => {
    const refusals = new ImportRefusals();
    refusals.skip('todoSubtasks', 0, 'no task');
    refusals.skip('sections', 4, 'no notebook');
    refusals.skip('sections', 2, 'no notebook');
    expect(refusals.skipped()).toEqual([
      { array: 'sections', index: 4, reason: 'no notebook' },
      { array: 'sections', index: 2, reason: 'no notebook' },
      { array: 'todoSubtasks', index: 0, reason: 'no task' },
    ]);
    for (let index = 0; index < skippedListMax + 5; index++) refusals.skip('notes', index, 'no section');
    expect(refusals.skippedCount).toBe(skippedListMax + 8);
    const listed = refusals.skipped();
    expect(listed).toHaveLength(skippedListMax);
    expect(listed.slice(0, 3).map((row) => row.array)).toEqual(['sections', 'sections', 'notes']);
  });
});
