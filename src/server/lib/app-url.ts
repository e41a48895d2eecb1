import type { Config } from '../config.ts';

/** What a request says about the address it was sent to (Fastify's request.protocol and request.host). */
export interface RequestAddress {
  protocol: string;
  host: string;
}

/**
 * The base of links made for this request (mailed links, checkout and portal returns): APP_URL, except
 * that with APP_URL unset the server answers at localhost, 127.0.0.1 and [::1] alike (config.appOrigins)
 * and the links follow the one the person is using, so they come back to the same cookies. A Host header
 * outside that list never makes a link: it is whatever the sender wrote.
 */
export function appUrlFor(config: Pick<Config, 'APP_URL' | 'appOrigins'>, address: RequestAddress): string {
  const origin = `${address.protocol}://${address.host}`;
  if (origin === new URL(config.APP_URL).origin) return config.APP_URL;
  return config.appOrigins.includes(origin) ? origin : config.APP_URL;
}
