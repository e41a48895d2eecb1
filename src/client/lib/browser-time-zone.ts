/**
 * The browser's IANA time zone (`Europe/Paris`): calendar events are written in it, and a new account's
 * starter due dates count from today there. Undefined when the browser gives none (the server then keeps
 * the one it has, else UTC).
 */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
