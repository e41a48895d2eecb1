import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { MemoryRouter } from '../../lib/memory-router.tsx';
import { ContactForm } from './contact-form.tsx';

const typed = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Exporting notes',
  message: 'How do I export a notebook?',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Stubs the network boundary only; everything above fetch (api client, schema, form) is real. */
function stubFetch(answer: () => Promise<Response>) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderForm() {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <ContactForm />
    </MemoryRouter>,
  );
  return user;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Name'), typed.name);
  await user.type(field('Email'), typed.email);
  await user.type(field('Subject'), typed.subject);
  await user.type(field('Message'), typed.message);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ContactForm', () => {
  it('labels each field and marks them required, with e-mail of email type', () => {
    renderForm();
    for (const label of ['Name', 'Email', 'Subject', 'Message']) expect(field(label)).toBeRequired();
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Name')).toHaveAttribute('autocomplete', 'name');
    expect(field('Email')).toHaveAttribute('autocomplete', 'email');
  });

  it('sends the message, shows Message Sent!, and Send another message starts a blank form', async () => {
    const fetchMock = stubFetch(async () => json(201, { received: true }));
    const user = renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('heading', { name: messages.contact.sent })).toHaveFocus();
    expect(screen.getByText(typed.email)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/contact');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ ...typed, website: '' });

    await user.click(screen.getByRole('button', { name: messages.contact.sendAnother }));
    for (const label of ['Name', 'Email', 'Subject', 'Message']) expect(field(label)).toHaveValue('');
    expect(field('Name')).toHaveFocus();
    expect(screen.queryByText(messages.contact.sent)).not.toBeInTheDocument();
  });

  it('shows Sending... on a disabled button while the request is under way', async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer(json(201, { received: true }));
    expect(await screen.findByText(messages.contact.sent)).toBeInTheDocument();
  });

  it.each([
    ['the server fails', async () => json(500, { error: { code: 'internal_error', message: 'x' } })],
    ['the network is down', async (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch'))],
  ])('when %s, shows the failure message and keeps every typed value', async (_case, answer) => {
    stubFetch(answer);
    const user = renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.contact.failed);
    expect(field('Name')).toHaveValue(typed.name);
    expect(field('Email')).toHaveValue(typed.email);
    expect(field('Subject')).toHaveValue(typed.subject);
    expect(field('Message')).toHaveValue(typed.message);
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('says to wait when the server rate-limits the sender', async () => {
    stubFetch(async () => json(429, { error: { code: 'rate_limited', message: messages.api.rateLimited } }));
    const user = renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.contact.failed);
    expect(alert).toHaveTextContent(messages.contact.tooMany);
  });

  it('shows the server field errors under their fields and clears one when that field is edited', async () => {
    stubFetch(async () =>
      json(400, {
        error: {
          code: 'validation_failed',
          message: messages.api.invalidInput,
          fields: { email: messages.validation.emailInvalid },
        },
      }),
    );
    const user = renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const email = field('Email');
    expect(await screen.findByText(messages.validation.emailInvalid)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(messages.validation.emailInvalid);
    expect(email).toHaveFocus();
    expect(field('Name')).not.toHaveAttribute('aria-invalid');

    await user.type(email, 'm');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(messages.validation.emailInvalid)).not.toBeInTheDocument();
  });

  it('checks the fields before sending, with the same messages as the server', async () => {
    const fetchMock = stubFetch(async () => json(201, { received: true }));
    const user = renderForm();
    await user.type(field('Name'), '   ');
    await user.type(field('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(fetchMock).not.toHaveBeenCalled();
    expect(field('Name')).toHaveAccessibleDescription(messages.contact.nameRequired);
    expect(field('Email')).toHaveAccessibleDescription(messages.validation.emailInvalid);
    expect(field('Subject')).toHaveAccessibleDescription(messages.contact.subjectRequired);
    expect(field('Message')).toHaveAccessibleDescription(
      expect.stringContaining(messages.contact.messageRequired),
    );
    expect(field('Name')).toHaveFocus();
  });

  it('hides the honeypot from people and sends what a bot put in it', async () => {
    const fetchMock = stubFetch(async () => json(201, { received: true }));
    const user = renderForm();
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).not.toBeNull();
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot).not.toHaveAttribute('type', 'hidden');
    expect(within(document.body).queryByRole('textbox', { name: 'Website' })).toBeNull();

    if (honeypot) honeypot.value = 'https://spam.example';
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByText(messages.contact.sent);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)).website).toBe('https://spam.example');
  });
});
