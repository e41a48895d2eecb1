/**
 * The methods that change state. The API writes only through these (a GET never writes what a user
 * saved), so the same set decides where the origin check applies (modules/auth/session-hook.ts) and
 * which replies wait for their writes to be on disk (plugins/durable-replies.ts).
 */
export const writeMethods: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
