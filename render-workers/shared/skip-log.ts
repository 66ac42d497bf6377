/**
 * The log line for every value a render drops as unsafe (ADR 0021: an unsafe URL is dropped and
 * logged as a skip, never stored). The URL checks run deep inside pure view-model
 * code (link lists, sanitizer callbacks, JSON-LD builders) that has no logger and should not need
 * one, so the render opens a scope (render-page.ts `withSkipLog`) and the checks report into
 * whatever scope their call runs in. Outside a scope (unit tests of pure functions) a report is a
 * no-op.
 *
 * One render sees the same hostile value many times (an author URL feeds the byline, the author
 * box and the JSON-LD of three variants): each distinct skip is logged once per render.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from '../../core/logger.js';

/** Where a refused URL was headed, for the log line. */
export type UrlUse = 'link' | 'image' | 'media' | 'frame' | 'game-frame' | 'structured-data';

export interface Skip {
  kind: 'unsafe-url' | 'iframe-sandbox';
  /** For URLs: where the URL was headed. For sandboxes: the frame kind. */
  use: UrlUse;
  /** Why: the URL rule's reason (UnsafeUrlReason), or the sandbox tokens dropped. */
  reason: string;
  /** The refused value, cut to SKIP_VALUE_MAX characters. */
  value: string;
}

/** Longest refused value quoted in a log line (upstream text can be long). */
export const SKIP_VALUE_MAX = 200;

interface Scope {
  /** Absent in a scope that only collects (collectSkips outside a render). */
  log: Logger | undefined;
  seen: Set<string>;
  /** Every skip reported in this scope, logged or not (collectSkips). */
  collected?: Skip[];
}

const scopes = new AsyncLocalStorage<Scope>();

/** Runs `render` with skips logged on `log` (one warn line per distinct skip). */
export function withSkipLog<T>(log: Logger, render: () => Promise<T>): Promise<T> {
  return scopes.run({ log, seen: new Set() }, render);
}

/**
 * Runs `run` (synchronous) and hands back every skip it reported, each also logged as usual when
 * a render's scope is open: the sanitizer memo (blocks/sanitize-memo.ts) keeps them beside a
 * result and reports them again when it reuses the result, so a reused field logs what it dropped.
 */
export function collectSkips<T>(run: () => T): { value: T; skips: Skip[] } {
  const outer = scopes.getStore();
  const skips: Skip[] = [];
  const value = scopes.run({ log: outer?.log, seen: outer?.seen ?? new Set(), collected: skips }, run);
  outer?.collected?.push(...skips);
  return { value, skips };
}

export function reportSkip(skip: Skip): void {
  const scope = scopes.getStore();
  if (scope === undefined) return;
  scope.collected?.push(skip);
  if (scope.log === undefined) return;
  const value = skip.value.length > SKIP_VALUE_MAX ? `${skip.value.slice(0, SKIP_VALUE_MAX)}…` : skip.value;
  const key = `${skip.kind}\u0000${skip.use}\u0000${skip.reason}\u0000${value}`;
  if (scope.seen.has(key)) return;
  scope.seen.add(key);
  const message = skip.kind === 'unsafe-url' ? `Skipped unsafe ${skip.use} URL (${skip.reason})` : `Dropped iframe sandbox tokens (${skip.reason})`;
  scope.log.warn({ skip: { ...skip, value } }, message);
}
