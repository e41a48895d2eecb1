/**
 * The workspace tree's request, started as the page boots on /app (main.tsx) beside the session check
 * and the workspace's code, instead of after both (docs/performance.md: navigation → tree shown was a waterfall).
 * Its answer goes to the first workspace of this page load only (useNotesTree), and only when that
 * session check found someone signed in: the same cookies, so the same account's tree. Anything else
 * (a 401, an error, a tree nobody took) is dropped, and the workspace asks as usual, with the API
 * client's silent refresh. No zod and no React here: this file is in every page's first download.
 */

/** What the workspace asks for: sections with page counts, no page titles (notesApi.tree). */
export const treePath = '/api/notes/tree?pages=count';

/** The tree's JSON as received (checked by the caller), and when it arrived. */
export interface EarlyTree {
  body: unknown;
  at: number;
}

let pending: Promise<EarlyTree | null> | null = null;
let arrived: EarlyTree | null | undefined;

/**
 * Starts GET treePath now; `signedIn` is the page's first session check (startSessionCheck). Settles
 * once the answer is here to take, or dropped.
 */
export async function startTreeRequest(signedIn: Promise<boolean>): Promise<void> {
  if (pending) return;
  const answer = fetch(treePath, { credentials: 'same-origin' }).then(async (response) =>
    response.ok ? { body: (await response.json()) as unknown, at: Date.now() } : null,
  );
  const request = Promise.all([answer, signedIn]).then(
    ([tree, ok]) => (ok ? tree : null),
    () => null,
  );
  pending = request;
  const tree = await request;
  if (pending === request) arrived = tree;
}

/** The early answer if it has arrived (taken: nobody gets it twice); undefined otherwise. */
export function takeArrivedTree(): EarlyTree | undefined {
  if (arrived === undefined) return undefined;
  const tree = arrived;
  forget();
  return tree ?? undefined;
}

/** The early answer, waited for (taken); null when none was started, it failed or it was taken. */
export function takeTree(): Promise<EarlyTree | null> {
  const request = pending ?? Promise.resolve(null);
  forget();
  return request;
}

function forget() {
  pending = null;
  arrived = undefined;
}
