/**
 * GET /api/stored-pages?paths=/a,/b: which of these page paths are stored (ADR 0017). The one
 * owner of the endpoint's contract: its path, its limit, its answer and the browser's check of
 * the answer. The edge serves it from storage (edge-router/plugins/stored-pages.ts); link
 * prefetch asks it (interactive-bundle/client/platform/prefetch.ts). Isomorphic: no Node APIs.
 */
import { isRecord } from '../guards.js';

export const STORED_PAGES_PATH = '/api/stored-pages';
/** Most paths one request may ask about. */
export const MAX_STORED_PAGES_PATHS = 20;

/** The 200 answer: the asked paths (in the order asked) whose page is stored. */
export interface StoredPagesResponse {
  stored: string[];
}

/** The browser's check of the answer: the stored paths it names; none for anything else. */
export function parseStoredPagesResponse(body: unknown): Set<string> {
  const stored = isRecord(body) ? body.stored : undefined;
  return new Set(Array.isArray(stored) ? stored.filter((path): path is string => typeof path === 'string') : []);
}

