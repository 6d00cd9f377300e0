import { DomainError, type DomainErrorCode } from '@backroom/domain';

export type AppErrorCode = DomainErrorCode | 'TOO_MANY_REQUESTS' | 'INTERNAL';

// One error type for the whole server; one table maps its codes to HTTP statuses.
export const HTTP_STATUS_BY_CODE = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
} as const satisfies Record<AppErrorCode, number>;

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** A machine-readable reason the web app may act on (e.g. WRONG_STORE). */
  readonly reason?: string;
  /** Seconds until a refused request may be tried again (429: the Retry-After header). */
  readonly retryAfter?: number;
  constructor(code: AppErrorCode, message: string, reason?: string, retryAfter?: number) {
    super(message);
    this.code = code;
    this.reason = reason;
    this.retryAfter = retryAfter;
  }
  get status(): number {
    return HTTP_STATUS_BY_CODE[this.code];
  }
}

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const forbidden = (message = 'You do not have access to this area', reason?: string) =>
  new AppError('FORBIDDEN', message, reason);
export const conflict = (message: string) => new AppError('CONFLICT', message);
/** The one 429 of the server (auth/throttle.ts): `{ error, code: 'TOO_MANY_REQUESTS' }` and Retry-After. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError('TOO_MANY_REQUESTS', message, 'TOO_MANY_REQUESTS', Math.max(1, Math.ceil(retryAfterSeconds)));
export const unprocessable = (message: string) => new AppError('UNPROCESSABLE', message);

export function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof DomainError) return new AppError(err.code, err.message);
  return null;
}
