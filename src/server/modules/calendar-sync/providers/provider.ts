/**
 * One interface for every calendar we write to (the shape of cal.com's `Calendar` type, cut down to
 * what a task needs): Google and Outlook speak JSON over OAuth bearer tokens, CalDAV speaks iCalendar
 * over HTTP with a user name and app password. The sync engine (calendar-sync.service / the jobs) sees
 * only this, so retry, backoff and the `reconnect` state are written once.
 */

import type { CalendarEventRecurrence } from '../../../../shared/domain/calendar-event.ts';

/** The spec's event payload, built from a task (shared/domain); `uid` is stable per task and calendar. */
export interface CalendarEventPayload {
  /** Stable per (task, integration): Google's client-chosen event id, CalDAV's UID and file name. */
  uid: string;
  summary: string;
  description: string;
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
  completed: boolean;
  /** The task's deep link (`Open task`). */
  url: string;
  /** A `fixed` repeating task's series (start and end are its first occurrence); absent or null: one event. */
  recurrence?: CalendarEventRecurrence | null;
}

/** What the provider gave back for an event; `etag` lets CalDAV update and delete conditionally. */
export interface ProviderEventRef {
  eventId: string;
  eventUrl: string | null;
  etag: string | null;
}

/** Decrypted credentials, only ever held in memory for the length of a call. */
export type ProviderCredentials =
  | { kind: 'oauth'; accessToken: string }
  | { kind: 'caldav'; serverUrl: string; username: string; password: string };

export interface CalendarProviderClient {
  createEvent(
    credentials: ProviderCredentials,
    calendarId: string,
    event: CalendarEventPayload,
  ): Promise<ProviderEventRef>;
  updateEvent(
    credentials: ProviderCredentials,
    calendarId: string,
    ref: ProviderEventRef,
    event: CalendarEventPayload,
  ): Promise<ProviderEventRef>;
  /** Resolves when the event is gone, including when it was already gone (404/410). */
  deleteEvent(credentials: ProviderCredentials, calendarId: string, ref: ProviderEventRef): Promise<void>;
}

/**
 * Why a provider call failed, which decides what the engine does next:
 * - `auth`: credentials refused even after a refresh → integration inactive, status `reconnect`;
 * - `rate_limited` / `transient` (429, 5xx, network): retry with backoff (`retryAfterMs` when given);
 * - `not_found`: the event was deleted on the provider's side → create it again on the next update;
 * - `rejected`: any other refusal → the task shows `message` (the provider's own, else the spec's fallback).
 */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'auth' | 'rate_limited' | 'transient' | 'not_found' | 'rejected',
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
