/**
 * Whether an error means "the database cannot be reached right now" (restart, failover, an
 * administrator's pg_terminate_backend, a database still starting) rather than "this query is wrong":
 * the first answers 503 and is worth retrying later, the second is a bug (500).
 *
 * pg reports a lost connection in three ways: a PostgreSQL error with a SQLSTATE, a Node socket error
 * with an errno code, or a plain Error whose message is the only clue (pg has no code for these).
 */

/** SQLSTATE prefixes: 08 connection exception; 57P admin/crash shutdown, cannot connect now, idle timeout. */
const sqlStatePrefixes = ['08', '57P'];
/** too_many_connections: the server is up but has no room for us yet. */
const sqlStates = new Set(['53300']);
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** pg's and pg-pool's own messages for a connection that died or never came. */
const messages = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
];

function isUnavailableItself(error: object): boolean {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (sqlStates.has(code) || sqlStatePrefixes.some((prefix) => code.startsWith(prefix))) return true;
  if (socketCodes.has(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return messages.some((known) => message.startsWith(known));
}

/** True when `error`, its `cause`, or one of an AggregateError's errors says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  if (isUnavailableItself(error)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  )
    return true;
  return 'cause' in error && isDatabaseUnavailable(error.cause, depth + 1);
}

/** One line naming why: `connect ECONNREFUSED 127.0.0.1:5432`, `57P01 terminating connection …`. */
export function describeDatabaseError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const first = error instanceof AggregateError ? error.errors.find((inner) => inner instanceof Error) : null;
  const source = error.message === '' && first instanceof Error ? first : error;
  const code = 'code' in source && typeof source.code === 'string' ? source.code : '';
  const message = source.message.split('\n')[0] ?? '';
  return code && !message.includes(code) ? `${code} ${message}` : message;
}
