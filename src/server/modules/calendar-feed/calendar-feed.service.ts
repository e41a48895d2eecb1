import { createHash, randomUUID } from 'node:crypto';
import type { CalendarFeed, UpdateCalendarFeedBody } from '../../../shared/schemas/calendar-feed.ts';
import type { AppDeps } from '../../deps.ts';
import { seal, unseal } from '../../security/sealed-box.ts';
import { hashToken, newToken } from '../../security/token-crypto.ts';
import { uidCalendarsOfTasks } from '../calendar-sync/index.ts';
import { profileTimeZone } from '../entitlement/index.ts';
import { readTasks, skippedOccurrences } from '../todos/index.ts';
import {
  type CalendarFeedRow,
  deleteFeed,
  feedSubtasks,
  feedVersion,
  findFeedByTokenHash,
  findFeedOfUser,
  insertFeed,
  updateFeed,
} from './calendar-feed.repo.ts';
import { buildFeedIcs } from './feed-ics.ts';

/*
 * Feed tokens are made and hashed like session tokens (security/token-crypto.ts): 256 random bits, stored
 * as a SHA-256 hash for lookup, plus sealed under SECRET_KEY so the owner can copy the URL again.
 */
/** What newToken makes: anything else is refused before touching the database. */
export const feedTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** webcal:// is http(s):// for calendar apps: a click on it opens "subscribe" instead of a download. */
export function feedUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/^https?:\/\//, 'webcal://')}/calendar/feed/${token}.ics`;
}

function view(deps: AppDeps, row: CalendarFeedRow | undefined): CalendarFeed {
  if (!row) return { enabled: false, url: null, includeCompleted: false };
  const token = unseal(deps.secretKey, row.token_sealed);
  return {
    enabled: true,
    url: feedUrl(deps.config.APP_URL, token),
    includeCompleted: row.include_completed === 1,
  };
}

const freshToken = (deps: AppDeps) => {
  const token = newToken();
  return { token_hash: hashToken(token), token_sealed: seal(deps.secretKey, token) };
};

export async function getFeedSettings(deps: AppDeps, userId: string): Promise<CalendarFeed> {
  return view(deps, await findFeedOfUser(deps.database.db, userId));
}

/** On: keeps the existing URL (or makes one). Off: deletes the row, so the URL answers 404 for good. */
export async function updateFeedSettings(
  deps: AppDeps,
  userId: string,
  body: UpdateCalendarFeedBody,
): Promise<CalendarFeed> {
  const now = deps.now().toISOString();
  const row = await deps.database.db.transaction().execute(async (trx) => {
    if (!body.enabled) {
      await deleteFeed(trx, userId);
      return undefined;
    }
    const existing = await findFeedOfUser(trx, userId);
    const includeCompleted = body.includeCompleted ?? existing?.include_completed === 1;
    if (existing) {
      await updateFeed(trx, userId, { include_completed: includeCompleted ? 1 : 0, updated_at: now });
    } else {
      await insertFeed(trx, {
        id: randomUUID(),
        user_id: userId,
        ...freshToken(deps),
        include_completed: includeCompleted ? 1 : 0,
        created_at: now,
        updated_at: now,
      });
    }
    return findFeedOfUser(trx, userId);
  });
  return view(deps, row);
}

/** A new URL; the old one answers 404 from now on. Only while the feed is on (404 otherwise). */
export async function regenerateFeed(deps: AppDeps, userId: string): Promise<CalendarFeed | null> {
  const now = deps.now().toISOString();
  const row = await deps.database.db.transaction().execute(async (trx) => {
    if (!(await findFeedOfUser(trx, userId))) return undefined;
    await updateFeed(trx, userId, { ...freshToken(deps), updated_at: now });
    return findFeedOfUser(trx, userId);
  });
  return row ? view(deps, row) : null;
}

export interface Feed {
  etag: string;
  lastModified: Date;
  /** Built only when the client's copy is stale: the 304 of a polling calendar app never builds it. */
  body(): Promise<string>;
}

/**
 * The feed behind a token, or null for a token that is malformed, unknown or revoked. The ETag is a hash
 * of what the body is made from (counts and newest updated_at of the tasks and subtasks, the settings,
 * APP_URL, which tasks are on a CalDAV calendar, the account's time zone), so the answer to "has it changed?" costs two aggregate
 * queries and the read of the account's calendar links, not a build. A write
 * between those queries and the build only pairs an older ETag with a newer body: the next poll then
 * misses and downloads again, never the reverse.
 */
export async function feedByToken(deps: AppDeps, token: string): Promise<Feed | null> {
  if (!feedTokenPattern.test(token)) return null;
  const { db } = deps.database;
  const feed = await findFeedByTokenHash(db, hashToken(token));
  if (!feed) return null;
  const includeCompleted = feed.include_completed === 1;
  const [version, uidCalendars, timeZone] = await Promise.all([
    feedVersion(db, feed.user_id, includeCompleted),
    uidCalendarsOfTasks(db, feed.user_id),
    profileTimeZone(db, feed.user_id),
  ]);
  const key = [
    feed.id,
    feed.include_completed,
    feed.updated_at,
    deps.config.APP_URL,
    version.tasks.count,
    version.tasks.latest,
    version.subtasks.count,
    version.subtasks.latest,
    // A task synced to a CalDAV calendar (or no longer) changes its event's UID, not its updated_at.
    [...uidCalendars].sort().join(','),
    // Timed tasks start at another instant when the account's zone changes; no task row changes then.
    timeZone,
  ].join('|');
  const etag = `"${createHash('sha256').update(key).digest('base64url').slice(0, 32)}"`;
  // The settings change what the body holds, so their time counts as a modification too. A deletion
  // leaves no time behind: clients that send If-None-Match (it wins over If-Modified-Since) see it.
  const latest = Math.max(
    ...[feed.updated_at, version.tasks.latest, version.subtasks.latest]
      .filter((value): value is string => typeof value === 'string')
      .map((value) => Date.parse(value)),
  );
  return {
    etag,
    lastModified: new Date(latest),
    body: () => buildBody(deps, feed.user_id, includeCompleted, uidCalendars),
  };
}

/** Every dated task of the account, done or not, as the feed writes them (the Markdown export's .ics). */
export async function datedTasksIcs(deps: AppDeps, userId: string): Promise<string> {
  const uidCalendars = await uidCalendarsOfTasks(deps.database.db, userId);
  return buildBody(deps, userId, true, uidCalendars);
}

async function buildBody(
  deps: AppDeps,
  userId: string,
  includeCompleted: boolean,
  uidCalendars: ReadonlyMap<string, string>,
): Promise<string> {
  const { db } = deps.database;
  const [tasks, subtasks, timeZone, skippedOf] = await Promise.all([
    // The tasks with a due date, in a stable order (so the body, and so the ETag, is stable).
    readTasks(db, userId, { dueDated: { includeCompleted } }),
    feedSubtasks(db, userId),
    profileTimeZone(db, userId),
    skippedOccurrences(db, userId),
  ]);
  const included = new Set(tasks.map((task) => task.id));
  const subtasksOf = new Map<string, Array<{ text: string; completed: boolean }>>();
  for (const subtask of subtasks) {
    if (!included.has(subtask.todo_item_id)) continue;
    const list = subtasksOf.get(subtask.todo_item_id) ?? [];
    list.push({ text: subtask.text, completed: subtask.completed === 1 });
    subtasksOf.set(subtask.todo_item_id, list);
  }
  return buildFeedIcs(tasks, subtasksOf, deps.config.APP_URL, uidCalendars, timeZone, skippedOf);
}
