/**
 * This tab's id, sent as `X-Client-Id` on every API request: the live stream names it as the origin of
 * the changes this tab made, so the tab can skip its own (it already shows them). New per page load.
 */
export const clientId: string = crypto.randomUUID();
