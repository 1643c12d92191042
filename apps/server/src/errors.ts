import type { ErrorCode, FieldError } from "@atendo/shared";

/** The one error type services throw; the error handler turns it into `{ error, details?, fields? }`. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly statusCode: number,
    public readonly details?: Record<string, unknown>,
    public readonly fields?: FieldError[],
  ) {
    super(code);
  }
}

export const badRequest = (code: ErrorCode = "ERR_BAD_REQUEST", details?: Record<string, unknown>) =>
  new AppError(code, 400, details);
export const unauthorized = (code: ErrorCode = "ERR_SESSION_EXPIRED") => new AppError(code, 401);
export const forbidden = (code: ErrorCode = "ERR_NO_PERMISSION", details?: Record<string, unknown>) =>
  new AppError(code, 403, details);
export const notFound = (code: ErrorCode = "ERR_NOT_FOUND") => new AppError(code, 404);
export const conflict = (code: ErrorCode, details?: Record<string, unknown>) => new AppError(code, 409, details);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError("ERR_TOO_MANY_REQUESTS", 429, { retryAfterSeconds });
export const validationError = (fields: FieldError[]) => new AppError("ERR_VALIDATION", 400, undefined, fields);
