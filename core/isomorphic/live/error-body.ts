/**
 * The error body every live `/api/` endpoint answers with: `{ error: { code, message } }`
 * (docs/errors.md codes). The edge writes it (edge-router/live-endpoint.ts); an island that shows
 * the failure reads it with `parseLiveError`.
 */
import { isRecord } from '../guards.js';

export interface LiveErrorBody {
  error: { code: string; message: string };
}

/** The code and message of an error body, each absent when the body does not carry it as a string. */
export function parseLiveError(body: unknown): { code?: string; message?: string } {
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  return {
    ...(typeof error.code === 'string' ? { code: error.code } : {}),
    ...(typeof error.message === 'string' ? { message: error.message } : {}),
  };
}
