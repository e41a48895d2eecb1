import { expect } from 'vitest';
import { oauthCallbackPaths } from '../../../shared/domain/oauth-callback.ts';
import type {
  CalendarIntegration,
  CalendarIntegrations,
  OAuthProvider,
  TaskCalendarEvent,
} from '../../../shared/schemas/calendar-sync.ts';
import { type FakeGoogle, startFakeGoogle } from '../../test/fake-google.ts';
import { type FakeMicrosoft, startFakeMicrosoft } from '../../test/fake-microsoft.ts';
import type { TestContext } from '../../test/test-app.ts';
import type { TodosApi } from '../todos/todos-test-helpers.ts';

/** Both fake providers, and the environment that points the app at them. */
export interface CalendarFakes {
  google: FakeGoogle;
  microsoft: FakeMicrosoft;
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startCalendarFakes(
  options: { accessTokenTtlSeconds?: number } = {},
): Promise<CalendarFakes> {
  const google = await startFakeGoogle(options);
  const microsoft = await startFakeMicrosoft(options);
  return {
    google,
    microsoft,
    env: {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_AUTH_BASE: google.url,
      GOOGLE_TOKEN_BASE: google.url,
      GOOGLE_API_BASE: google.url,
      MICROSOFT_CLIENT_ID: microsoft.clientId,
      MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
      MICROSOFT_AUTH_BASE: microsoft.url,
      MICROSOFT_API_BASE: microsoft.url,
    },
    close: async () => {
      await google.close();
      await microsoft.close();
    },
  };
}

/** What the provider put on the address it sent the browser back to. */
export interface ConsentAnswer {
  /** The redirect URI's path: the callback path of one provider. */
  path: string;
  code: string | null;
  state: string | null;
  /** The issuer the provider named (RFC 9207): the fake Google does, the fake Microsoft does not. */
  iss: string | null;
  error: string | null;
}

/** The provider's side of a consent: what the browser would do on the fake's page. */
export async function consent(
  authorizationUrl: string,
  decision: 'allow' | 'deny',
  tamper: { codeChallenge?: string } = {},
): Promise<ConsentAnswer> {
  const url = new URL(authorizationUrl);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('>Allow</button>');
  const form = new URLSearchParams({
    redirect_uri: url.searchParams.get('redirect_uri') ?? '',
    state: url.searchParams.get('state') ?? '',
    code_challenge: tamper.codeChallenge ?? url.searchParams.get('code_challenge') ?? '',
    scope: url.searchParams.get('scope') ?? '',
    decision,
  });
  const answer = await fetch(new URL(url.pathname, url), { method: 'POST', body: form, redirect: 'manual' });
  expect(answer.status).toBe(303);
  const back = new URL(answer.headers.get('location') ?? '');
  return {
    path: back.pathname,
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
    iss: back.searchParams.get('iss'),
    error: back.searchParams.get('error'),
  };
}

/** What the callback screen at `provider`'s path posts: the answer's code, state and iss, if any. */
export const callbackBody = (provider: OAuthProvider, answer: ConsentAnswer) => ({
  provider,
  code: answer.code,
  state: answer.state,
  ...(answer.iss === null ? {} : { iss: answer.iss }),
});

export async function startOAuth(api: TodosApi, provider: OAuthProvider, timeZone = 'Europe/Paris') {
  const res = await api.request('POST', '/api/calendar/oauth/start', { provider, timeZone });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { authorizationUrl: string }).authorizationUrl;
}

/** Connects Google or Outlook through the whole flow: start, consent (Allow), callback. */
export async function connect(
  api: TodosApi,
  provider: OAuthProvider,
  timeZone = 'Europe/Paris',
): Promise<CalendarIntegration> {
  const answer = await consent(await startOAuth(api, provider, timeZone), 'allow');
  expect(answer.path).toBe(oauthCallbackPaths[provider]);
  const res = await api.request('POST', '/api/calendar/oauth/callback', callbackBody(provider, answer));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { integration: CalendarIntegration }).integration;
}

export async function integrations(api: TodosApi): Promise<CalendarIntegrations> {
  const res = await api.request('GET', '/api/calendar/integrations');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CalendarIntegrations;
}

/** A task due `dueDate` with a 90-minute estimate and one subtask. */
export async function dueTask(api: TodosApi, text = 'Write report', dueDate = '2030-03-14') {
  const todo = await api.createTodo({ title: 'Work' });
  const task = await api.createTask(todo.id, { text });
  const res = await api.request('PATCH', `/api/tasks/${task.id}`, { dueDate, estimatedTime: 90 });
  expect(res.statusCode, res.body).toBe(200);
  await api.addSubtask(task.id, 'Outline');
  return { todo, task };
}

export async function syncTask(api: TodosApi, taskId: string, integrationId: string, status = 201) {
  const res = await api.request('POST', `/api/tasks/${taskId}/calendar-events`, { integrationId });
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as TaskCalendarEvent;
}

export async function taskEvents(api: TodosApi, taskId: string): Promise<TaskCalendarEvent[]> {
  const res = await api.request('GET', `/api/tasks/${taskId}/calendar-events`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { events: TaskCalendarEvent[] }).events;
}

/** Runs the background work to the end (jobs due now), as the worker would. */
export const settle = (ctx: TestContext) => ctx.settle();
