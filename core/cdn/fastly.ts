/**
 * Fastly-style API driver: `POST {apiUrl}/service/{serviceId}/purge` with the keys in a
 * space-separated `Surrogate-Key` header and the API token in `Fastly-Key` (Fastly's "purge
 * multiple surrogate keys" call). The base URL is configuration, so tests point it at a local
 * server that records what it receives. The token goes into that one header and nowhere else:
 * results and log lines name the service, never the token.
 */
import { sendPurgeRequest } from './http.js';
import { nothingToPurge, type Purger, type PurgeResult } from './types.js';

export interface FastlyPurgerOptions {
  /** API base URL without a trailing slash, e.g. `https://api.fastly.com`. */
  apiUrl: string;
  serviceId: string;
  /** API token with purge rights for the service. Secret. */
  token: string;
  /** Per request. Default 5 s. */
  timeoutMs?: number;
}

export function createFastlyPurger(options: FastlyPurgerOptions): Purger {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const url = `${options.apiUrl.replace(/\/+$/, '')}/service/${encodeURIComponent(options.serviceId)}/purge`;
  return {
    driver: 'fastly',
    async purge(keys): Promise<PurgeResult> {
      const unique = [...new Set(keys)];
      if (unique.length === 0) return nothingToPurge(unique);
      const answer = await sendPurgeRequest({
        url,
        method: 'POST',
        headers: { 'fastly-key': options.token, 'surrogate-key': unique.join(' '), accept: 'application/json' },
        timeoutMs,
        target: `Fastly service ${options.serviceId}`,
      });
      if (answer.ok) return { keys: unique, ok: true, requests: 1 };
      const hint = answer.status === 401 || answer.status === 403 ? ' (check FASTLY_API_TOKEN has purge rights for this service)' : '';
      return { keys: unique, ok: false, requests: 1, reason: `${answer.reason ?? 'failed'}${hint}`, retryable: answer.retryable ?? false };
    },
    async close() {},
  };
}
