import { z } from 'zod';
import { messages } from '../messages.ts';

/**
 * A label's name, on its own so a task's shapes (which may name labels: quick add's `#errands`) and the
 * label's shapes share it without importing each other.
 */

const m = messages.labels;

export const labelNameMaxLength = 60;

export const labelNameField = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, { error: m.nameRequired })
  .max(labelNameMaxLength, { error: m.nameTooLong });

/** The form two names are compared in: `Errands` and `errands` are the same label. */
export const labelNameKey = (name: string) => name.trim().toLocaleLowerCase('en-US');
