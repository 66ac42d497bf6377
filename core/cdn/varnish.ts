/**
 * Varnish driver: `PURGE` with an `xkey` header listing the surrogate keys, space-separated, to
 * every Varnish in front of the edge router (infra/varnish/default.vcl hands the header to
 * vmod-xkey, which drops every object tagged with any of the keys). Each instance caches on its
 * own, so each gets the request; the purge succeeds only when all of them accepted it.
 */
import { sendPurgeRequest } from './http.js';
import { nothingToPurge, type Purger, type PurgeResult } from './types.js';

export interface VarnishPurgerOptions {
  /** Varnish listen addresses, e.g. `http://varnish:8080`. At least one. */
  urls: readonly string[];
  /** Per request. Default 5 s. */
  timeoutMs?: number;
}

export function createVarnishPurger(options: VarnishPurgerOptions): Purger {
  const timeoutMs = options.timeoutMs ?? 5_000;
  return {
    driver: 'varnish',
    async purge(keys): Promise<PurgeResult> {
      const unique = [...new Set(keys)];
      if (unique.length === 0) return nothingToPurge(unique);
      const answers = await Promise.all(
        options.urls.map(async (url) => {
          const answer = await sendPurgeRequest({
            url,
            method: 'PURGE',
            headers: { xkey: unique.join(' ') },
            timeoutMs,
            target: `Varnish at ${url}`,
          });
          // A 403 comes from the VCL's purgers ACL: say so, it is the usual set-up mistake.
          if (answer.status === 403) return { ...answer, reason: `${answer.reason ?? ''} (is this host in the purgers ACL of default.vcl?)` };
          return answer;
        }),
      );
      const failed = answers.filter((answer) => !answer.ok);
      if (failed.length === 0) return { keys: unique, ok: true, requests: answers.length };
      return {
        keys: unique,
        ok: false,
        requests: answers.length,
        reason: failed.map((answer) => answer.reason).join('; '),
        retryable: failed.some((answer) => answer.retryable === true),
      };
    },
    async close() {},
  };
}
