import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import Send from 'lucide-react/icons/send';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { contactLimits, contactRequestSchema } from '../../../shared/schemas/contact.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Link } from '../../lib/router.tsx';
import { sendContactMessage } from './api.ts';
import { ContactField } from './contact-field.tsx';

const fieldNames = ['name', 'email', 'subject', 'message'] as const;
type FieldName = (typeof fieldNames)[number];
type Values = Record<FieldName, string>;
type FieldErrors = Partial<Record<FieldName, string>>;

type Status =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'failed'; detail: string | null }
  | { kind: 'sent'; name: string; email: string };

const emptyValues: Values = { name: '', email: '', subject: '', message: '' };

const isFieldName = (key: string): key is FieldName => (fieldNames as readonly string[]).includes(key);

/** The first message per field, in the same shape the server's 400 `fields` has. */
function fieldErrorsOf(source: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, message] of Object.entries(source)) {
    if (isFieldName(key)) errors[key] ??= message;
  }
  return errors;
}

/**
 * The contact form and its outcomes. It checks the fields with the same zod schema as the server (same
 * messages, no round trip), then posts. On failure nothing typed is lost: the values stay in state and
 * only the banner and field errors change.
 */
export function ContactForm() {
  const [values, setValues] = useState<Values>(emptyValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const formRef = useRef<HTMLFormElement>(null);
  const sentPanelRef = useRef<HTMLDivElement>(null);
  const sentHeadingRef = useRef<HTMLHeadingElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  // Which control gets focus after the next render: the first invalid field, or Name after a reset.
  const [focusTarget, setFocusTarget] = useState<{ field: FieldName } | null>(null);

  // The success panel is shorter than the form it replaces, so the page can end up scrolled past it
  // (with the fixed header over its top): bring the whole panel into view, then announce its heading.
  useEffect(() => {
    if (status.kind !== 'sent') return;
    sentPanelRef.current?.scrollIntoView?.({ block: 'nearest' });
    sentHeadingRef.current?.focus({ preventScroll: true });
  }, [status.kind]);

  // The banner sits above the fields; after a failed send from the bottom of a long form (a phone),
  // bring it into view. Focus stays on the button so Enter retries.
  useEffect(() => {
    if (status.kind === 'failed') failureRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [status]);

  useEffect(() => {
    if (!focusTarget) return;
    const control = formRef.current?.elements.namedItem(focusTarget.field);
    if (control instanceof HTMLElement) control.focus();
  }, [focusTarget]);

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = fieldNames.find((field) => next[field]);
    if (first) setFocusTarget({ field: first });
  };

  const update = (field: FieldName) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // The message under a field describes the old value; drop it once the user changes the field.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind === 'sending') return;
    // Read from the DOM, not state: bots fill the honeypot by setting its value directly.
    const website = String(new FormData(event.currentTarget).get('website') ?? '');
    const parsed = contactRequestSchema.safeParse(values);
    if (!parsed.success) {
      const flat: Record<string, string> = {};
      for (const issue of parsed.error.issues) flat[String(issue.path[0])] ??= issue.message;
      showErrors(fieldErrorsOf(flat));
      return;
    }

    setStatus({ kind: 'sending' });
    try {
      await sendContactMessage({ ...values, website });
      setStatus({ kind: 'sent', name: parsed.data.name, email: parsed.data.email });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError) showErrors(fieldErrorsOf(apiError.fields));
      const detail = apiError?.code === 'rate_limited' ? messages.contact.tooMany : null;
      setStatus({ kind: 'failed', detail });
    }
  }

  function startOver() {
    setValues(emptyValues);
    setErrors({});
    setStatus({ kind: 'editing' });
    setFocusTarget({ field: 'name' });
  }

  if (status.kind === 'sent') {
    return (
      <div
        ref={sentPanelRef}
        role="status"
        className="flex scroll-mt-24 flex-col items-center px-2 py-10 text-center sm:py-14"
      >
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-50 ring-8 ring-emerald-50/60">
          <CircleCheck className="h-7 w-7 text-emerald-600" aria-hidden="true" />
        </span>
        <h2
          ref={sentHeadingRef}
          tabIndex={-1}
          className="mt-6 text-2xl font-semibold tracking-tight text-slate-900 focus:outline-none"
        >
          {messages.contact.sent}
        </h2>
        <p className="mt-3 max-w-sm text-base leading-7 text-pretty text-slate-600">
          Thanks, {status.name}. We have your message and will reply to{' '}
          <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{status.email}</span>.
        </p>
        <button
          type="button"
          onClick={startOver}
          className="mt-8 inline-flex items-center justify-center rounded-lg bg-white px-4.5 py-2.5 text-sm font-semibold text-slate-900 shadow-sm ring-1 ring-slate-200 transition ring-inset hover:bg-slate-50 hover:ring-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          {messages.contact.sendAnother}
        </button>
      </div>
    );
  }

  const sending = status.kind === 'sending';
  return (
    <form
      ref={formRef}
      onSubmit={handleSubmit}
      noValidate
      aria-busy={sending}
      aria-labelledby="contact-form-title"
      className="relative space-y-5"
    >
      <div>
        <h2 id="contact-form-title" className="text-lg font-semibold text-slate-900">
          Send us a message
        </h2>
        <p className="mt-1 text-sm text-slate-600">All fields are required.</p>
      </div>
      {status.kind === 'failed' && (
        <div
          ref={failureRef}
          role="alert"
          className="flex scroll-mt-24 gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm"
        >
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0 text-red-600" aria-hidden="true" />
          <div>
            <p className="font-medium text-red-800">{messages.contact.failed}</p>
            {status.detail && <p className="mt-1 text-red-700">{status.detail}</p>}
          </div>
        </div>
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        <ContactField
          id="contact-name"
          name="name"
          label="Name"
          autoComplete="name"
          maxLength={contactLimits.name}
          value={values.name}
          error={errors.name}
          onChange={update('name')}
        />
        <ContactField
          id="contact-email"
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={contactLimits.email}
          placeholder="you@example.com"
          value={values.email}
          error={errors.email}
          onChange={update('email')}
        />
      </div>
      <ContactField
        id="contact-subject"
        name="subject"
        label="Subject"
        autoComplete="off"
        maxLength={contactLimits.subject}
        value={values.subject}
        error={errors.subject}
        onChange={update('subject')}
      />
      <ContactField
        id="contact-message"
        name="message"
        label="Message"
        multiline
        autoComplete="off"
        maxLength={contactLimits.message}
        value={values.message}
        error={errors.message}
        onChange={update('message')}
        hint={`${values.message.length.toLocaleString('en-US')} / ${contactLimits.message.toLocaleString('en-US')}`}
      />

      {/* Honeypot: off screen rather than display:none (which bots skip), out of the tab order and the
          accessibility tree. People never fill it; the server drops anything that arrives with it set. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" type="text" name="website" tabIndex={-1} autoComplete="off" />
      </div>

      <div className="flex flex-col-reverse gap-4 pt-1 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs leading-5 text-slate-500">
          We use your details only to answer you. See our{' '}
          <Link
            to="/privacy"
            className="font-medium text-slate-700 underline decoration-slate-300 underline-offset-2 hover:decoration-slate-500 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            Privacy Policy
          </Link>
          .
        </p>
        <button
          type="submit"
          disabled={sending}
          className="inline-flex shrink-0 items-center justify-center gap-2 rounded-lg bg-blue-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm shadow-blue-600/25 transition hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-wait disabled:bg-blue-600/70"
        >
          {sending ? (
            <>
              <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
              Sending...
            </>
          ) : (
            <>
              <Send className="h-4 w-4" aria-hidden="true" />
              Send message
            </>
          )}
        </button>
      </div>
    </form>
  );
}
