import type { ApiErrorCode } from '@stockpot/domain';

export interface ApiFieldError {
  field: string;
  message: string;
}

/** A failed call: the HTTP status (0 when the request never got an answer) and the server's error body. */
export class ApiError extends Error {
  readonly status: number;
  /** One of the domain's API_ERROR_CODES; 'network_error' when no answer came, 'http_error' for an unknown code. */
  readonly code: ApiErrorCode;
  readonly errors: ApiFieldError[];

  constructor(status: number, message: string, code: ApiErrorCode, errors: ApiFieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
