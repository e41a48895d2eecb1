import type { ErrorCode } from '../shared/errors.ts';

/** The one error type routes and services throw; the error handler turns it into `{ error: {...} }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** Response headers the answer needs (`Retry-After` on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Not found') => new AppError('not_found', 404, what);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('validation_failed', 400, message, fields);
