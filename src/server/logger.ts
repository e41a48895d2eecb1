import { pino } from 'pino';

/** One pino logger for the process; secrets in headers never reach the log. */
export function createLogger(level: string) {
  return pino({
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  });
}
