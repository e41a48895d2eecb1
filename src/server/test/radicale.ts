import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { fetchCalendarObjects } from 'tsdav';
import { freePort } from './real-server.ts';

/**
 * A real CalDAV server for tests and journeys: Debian's Radicale (`apt-get install -y radicale`, which
 * `.ci/run` does), on a free loopback port, with its own storage folder and a plain htpasswd file. It is
 * started with Debian's `/usr/bin/python3` because a pyenv `python3` earlier on PATH lacks the module.
 */

const python = '/usr/bin/python3';

/** Whether Radicale is installed; tests skip with `radicaleMissing` when it is not. */
export const radicaleAvailable =
  spawnSync(python, ['-c', 'import radicale'], { stdio: 'ignore' }).status === 0;
export const radicaleMissing =
  'Radicale is not installed (apt-get install -y radicale): the CalDAV tests against a real server are skipped';
// .ci/run installs every test peer and says so: there a missing Radicale fails the run instead of skipping.
if (!radicaleAvailable && process.env.JOTLIST_TEST_PEERS === 'required') throw new Error(radicaleMissing);

export interface RadicaleAccount {
  username: string;
  password: string;
  /** One calendar made with MKCALENDAR, display name `Tasks`, holding events. */
  calendarUrl: string;
}

export interface Radicale extends RadicaleAccount {
  /** `http://127.0.0.1:<port>`, with no trailing slash. */
  url: string;
  /** Another user with their own calendar (a test that changes a password uses its own). */
  addAccount(): Promise<RadicaleAccount>;
  /** Changes a user's password on the server, as a user revoking an app password would. */
  setPassword(username: string, password: string): void;
  /** Radicale's own log lines (warnings and errors), for a failing test's message. */
  output(): string;
  close(): Promise<void>;
}

const STARTUP_TIMEOUT_MS = 20_000;
const calendarName = 'Tasks';

export const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

const mkcalendarBody = `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop>
    <D:displayname>${calendarName}</D:displayname>
    <C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
  </D:prop></D:set>
</C:mkcalendar>`;

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitUntilAnswering(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Radicale exited during start-up:\n${output()}`);
    }
    try {
      // Any HTTP answer means it listens; `/` redirects to its web page.
      await fetch(`${url}/`, { redirect: 'manual', signal: AbortSignal.timeout(1_000) });
      return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`Radicale did not answer in 20 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts Radicale with one user and one calendar; throws when it is not installed. */
export async function startRadicale(): Promise<Radicale> {
  if (!radicaleAvailable) throw new Error(radicaleMissing);
  const dir = mkdtempSync(join(tmpdir(), 'jotlist-radicale-'));
  const htpasswd = join(dir, 'users');
  const users = new Map<string, string>();
  const writeUsers = () =>
    writeFileSync(htpasswd, [...users].map(([name, password]) => `${name}:${password}\n`).join(''));

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const configFile = join(dir, 'config');
  writeFileSync(
    configFile,
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${htpasswd}`,
      'htpasswd_encryption = plain',
      // Radicale sleeps about a second after a wrong password; the wrong-password tests need no brake.
      'delay = 0',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${join(dir, 'collections')}`,
      '[web]',
      'type = none',
      '[logging]',
      'level = warning',
      'mask_passwords = True',
      '',
    ].join('\n'),
  );
  writeUsers();

  // --config replaces Debian's /etc/radicale/config (remote_user auth) rather than adding to it.
  const child = spawn(python, ['-m', 'radicale', '--config', configFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const output = () => log;

  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited(child);
    rmSync(dir, { recursive: true, force: true });
  };

  const addAccount = async (): Promise<RadicaleAccount> => {
    const username = `user${randomBytes(4).toString('hex')}`;
    const password = randomBytes(12).toString('base64url');
    users.set(username, password);
    writeUsers();
    const calendarUrl = `${url}/${username}/tasks/`;
    const made = await fetch(calendarUrl, {
      method: 'MKCALENDAR',
      headers: { authorization: basic(username, password), 'content-type': 'application/xml' },
      body: mkcalendarBody,
    });
    if (made.status !== 201) {
      throw new Error(`MKCALENDAR ${calendarUrl} answered ${made.status}: ${await made.text()}\n${log}`);
    }
    return { username, password, calendarUrl };
  };

  try {
    await waitUntilAnswering(url, child, output);
    const first = await addAccount();
    return {
      url,
      ...first,
      addAccount,
      setPassword(username, password) {
        users.set(username, password);
        writeUsers();
      },
      output,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

// Reading the calendar the way a calendar app does (a GET per object, a calendar-query REPORT for the
// list), for tests and journeys that check what a sync left on the server.

/** An event as a calendar app reads it from the server. */
export interface StoredEvent {
  /** The object's address. */
  href: string;
  uid: string;
  summary: string;
  description: string;
  /** ISO instants (UTC). */
  start: string;
  end: string;
  status: string | null;
  url: string | null;
  etag: string | null;
  /** The raw iCalendar text. */
  text: string;
}

function parseEvent(href: string, text: string, etag: string | null): StoredEvent {
  const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
  if (!vevent) throw new Error(`${href} holds no VEVENT:\n${text}`);
  const event = new ICAL.Event(vevent);
  const value = (name: string) => {
    const found = vevent.getFirstPropertyValue(name);
    return found === null ? null : String(found);
  };
  return {
    href,
    uid: event.uid,
    summary: event.summary,
    description: event.description,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    status: value('status'),
    url: value('url'),
    etag,
    text,
  };
}

/** The event stored at `url` (a plain GET), parsed with ical.js; null when there is no such object. */
export async function readEvent(account: RadicaleAccount, url: string): Promise<StoredEvent | null> {
  const res = await fetch(url, { headers: { authorization: basic(account.username, account.password) } });
  if (res.status === 404) return null;
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text}`);
  return parseEvent(url, text, res.headers.get('etag'));
}

/** Every event in the account's calendar. */
export async function listEvents(account: RadicaleAccount): Promise<StoredEvent[]> {
  const objects = await fetchCalendarObjects({
    calendar: { url: account.calendarUrl },
    headers: { authorization: basic(account.username, account.password) },
  });
  return objects
    .filter((object): object is typeof object & { data: string } => typeof object.data === 'string')
    .map((object) => parseEvent(object.url, object.data, object.etag ?? null));
}

/**
 * Polls the calendar until `predicate` holds for its events (a journey's sync and propagation happen in
 * the server's background worker), and returns them; throws with what the calendar held on timeout.
 */
export async function waitForEvents(
  account: RadicaleAccount,
  predicate: (events: StoredEvent[]) => boolean,
  timeoutMs = 15_000,
): Promise<StoredEvent[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events = await listEvents(account);
    if (predicate(events)) return events;
    if (Date.now() > deadline) {
      const seen = events.map((event) => `${event.summary} ${event.start}–${event.end}`).join('; ');
      throw new Error(
        `The calendar did not reach the expected state in ${timeoutMs} ms; it holds: ${seen || 'nothing'}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
