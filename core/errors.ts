/**
 * The error catalogue. Every error the platform raises on purpose has a stable code, a message
 * template and, where it can reach an HTTP client, a status. `docs/errors.md` lists the same
 * codes; `errors.test.ts` keeps the two in step.
 *
 * Three kinds of failure (docs/architecture.md "Principles"): the user's mistake (`expose: true`, clear message, no stack),
 * a permanent job failure (`retry: false`, the worker turns it into BullMQ's UnrecoverableError),
 * and everything else (retried, logged with context).
 */
export interface ErrorSpec {
  readonly code: string;
  readonly status: number;
  /** Safe to show to the caller as is. */
  readonly expose: boolean;
  /** A render job failing with this error may succeed on a later attempt. */
  readonly retry: boolean;
}

export const ERRORS = {
  CONFIG_INVALID: { code: 'CONFIG_INVALID', status: 500, expose: false, retry: false },
  INVALID_PATH: { code: 'INVALID_PATH', status: 400, expose: true, retry: false },
  INVALID_JOB: { code: 'INVALID_JOB', status: 400, expose: true, retry: false },
  INVALID_QUERY: { code: 'INVALID_QUERY', status: 400, expose: true, retry: false },
  INVALID_EVENT: { code: 'INVALID_EVENT', status: 400, expose: true, retry: false },
  BAD_SIGNATURE: { code: 'BAD_SIGNATURE', status: 401, expose: true, retry: false },
  UNAUTHORIZED: { code: 'UNAUTHORIZED', status: 401, expose: true, retry: false },
  PAYLOAD_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', status: 413, expose: true, retry: false },
  RATE_LIMITED: { code: 'RATE_LIMITED', status: 429, expose: true, retry: false },
  UPSTREAM_UNAVAILABLE: { code: 'UPSTREAM_UNAVAILABLE', status: 502, expose: false, retry: true },
  UPSTREAM_BAD_RESPONSE: { code: 'UPSTREAM_BAD_RESPONSE', status: 502, expose: false, retry: true },
  UPSTREAM_NOT_FOUND: { code: 'UPSTREAM_NOT_FOUND', status: 404, expose: true, retry: false },
  UNKNOWN_ROUTE: { code: 'UNKNOWN_ROUTE', status: 404, expose: true, retry: false },
  JOB_NOT_FOUND: { code: 'JOB_NOT_FOUND', status: 404, expose: true, retry: false },
  VERSION_NOT_FOUND: { code: 'VERSION_NOT_FOUND', status: 404, expose: true, retry: false },
  STORAGE_FAILED: { code: 'STORAGE_FAILED', status: 503, expose: false, retry: true },
  REDIS_UNAVAILABLE: { code: 'REDIS_UNAVAILABLE', status: 503, expose: true, retry: true },
  STORED_OBJECT_CORRUPT: { code: 'STORED_OBJECT_CORRUPT', status: 500, expose: false, retry: false },
  OBJECT_META_INVALID: { code: 'OBJECT_META_INVALID', status: 500, expose: false, retry: false },
  RENDER_FAILED: { code: 'RENDER_FAILED', status: 500, expose: false, retry: true },
  INTERNAL_ERROR: { code: 'INTERNAL_ERROR', status: 500, expose: false, retry: true },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;

export class PlatformError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly expose: boolean;
  readonly retry: boolean;
  /** Structured context for the log line; never shown to a client. */
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, options: { cause?: unknown; details?: Record<string, unknown> } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    const spec: ErrorSpec = ERRORS[code];
    this.name = 'PlatformError';
    this.code = code;
    this.status = spec.status;
    this.expose = spec.expose;
    this.retry = spec.retry;
    this.details = options.details;
  }
}

export function isPlatformError(error: unknown, code?: ErrorCode): error is PlatformError {
  return error instanceof PlatformError && (code === undefined || error.code === code);
}
