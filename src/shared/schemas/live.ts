import { z } from 'zod';

/** What the live stream's changes are about: the first path segment of the write that made them. */
export const liveResources = [
  'notebooks',
  'sections',
  'notes',
  'todos',
  'categories',
  'tasks',
  'subtasks',
  'labels',
  'backup',
] as const;

/**
 * One change made by a user, as `GET /api/events` sends it (event `change`, its SSE id the event id).
 * It names what changed, never its text: a tab refetches what it shows. `origin` is the `X-Client-Id`
 * of the tab that made it (null when none was sent), so that tab ignores its own changes.
 */
export const liveChange = z.object({
  resource: z.enum(liveResources),
  action: z.enum(['create', 'update', 'delete']),
  /** The row the write named (`/api/notes/:id`), absent for creates and orders. */
  id: z.string().optional(),
  /** A page's new version after a save, so a tab can tell whether its copy is older. */
  version: z.number().int().optional(),
  updatedAt: z.string().optional(),
  origin: z.string().nullable(),
});
export type LiveChange = z.infer<typeof liveChange>;

/** The header the web client sends on every request: this tab's id, echoed as a change's `origin`. */
export const clientIdHeader = 'x-client-id';

/** A client id: what the header may hold (anything else is ignored, so it never reaches a stream). */
export const clientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
