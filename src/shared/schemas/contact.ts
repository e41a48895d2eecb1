import { z } from 'zod';
import { messages } from '../messages.ts';

export const contactLimits = { name: 100, email: 254, subject: 200, message: 5000 } as const;

const v = messages.validation;
const c = messages.contact;

/** Required free text: trimmed first, so a value of only spaces counts as missing. */
const requiredText = (required: string, tooLong: string, max: number) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

/** POST /api/contact body. `website` is a honeypot: people never see it, form-filling bots do. */
export const contactRequestSchema = z.object({
  name: requiredText(c.nameRequired, c.nameTooLong, contactLimits.name),
  // Trim before the format check (a pasted address often carries a space); piping keeps the
  // "required" message for an empty value instead of "invalid".
  email: requiredText(v.emailRequired, c.emailTooLong, contactLimits.email)
    .pipe(z.email({ error: v.emailInvalid }))
    // The pipe hides the format from the generated OpenAPI document; state it there explicitly.
    .meta({ format: 'email' }),
  subject: requiredText(c.subjectRequired, c.subjectTooLong, contactLimits.subject),
  message: requiredText(c.messageRequired, c.messageTooLong, contactLimits.message),
  website: z.string().optional(),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;
export type ContactFormValues = z.input<typeof contactRequestSchema>;

/** The same answer whether the message was kept or silently dropped as spam. */
export const contactResponseSchema = z.object({ received: z.literal(true) });
export type ContactResponse = z.infer<typeof contactResponseSchema>;
