/**
 * Structured JSON logs (spec 1 §7, spec 2 §7): one line per event carrying time, level, component,
 * message, version and, where they apply, `http` (an HTTP exchange the service answered), `api`
 * (an upstream call it made) and `error`.
 *
 *   log.info({ http: { method, path, status, durationMs } }, 'request served')
 *   log.warn({ api: { name: 'layout', url, status, durationMs } }, 'upstream call failed')
 *   log.error({ error }, 'render failed')          // any thrown value; serialised below
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import { APP_VERSION } from './isomorphic/constants.js';
import { PlatformError } from './errors.js';

export type { Logger } from 'pino';

export interface LoggerOptions {
  /** Service or module name, written as `component` on every line. */
  component: string;
  level?: string;
  /** Where lines go; stdout when omitted. Tests pass a stream to read lines back. */
  destination?: DestinationStream;
}

export interface SerialisedError {
  type: string;
  message: string;
  code?: string;
  status?: number;
  details?: Record<string, unknown>;
  stack?: string;
  cause?: SerialisedError;
}

export function serialiseError(value: unknown, depth = 0): SerialisedError {
  if (!(value instanceof Error)) return { type: typeof value, message: String(value) };
  const out: SerialisedError = { type: value.name, message: value.message };
  if (value instanceof PlatformError) {
    out.code = value.code;
    out.status = value.status;
    if (value.details) out.details = value.details;
  } else if ('code' in value && typeof value.code === 'string') {
    out.code = value.code;
  }
  if (value.stack) out.stack = value.stack;
  if (value.cause !== undefined && depth < 3) out.cause = serialiseError(value.cause, depth + 1);
  return out;
}

export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      messageKey: 'message',
      base: { component: options.component, version: APP_VERSION },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { error: serialiseError, err: serialiseError },
    },
    options.destination,
  );
}
