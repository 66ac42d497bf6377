/**
 * A chunk that fails to load reloads the page, at most once per 60 seconds (spec 1 §2.2 "A
 * chunk-loading failure reloads the page, at most once per 60 seconds", §9 "Chunk-reload guard
 * 60000 ms"; spec 2 §8). The usual cause is a deploy: the stored page names chunks of an older
 * bundle that the CDN no longer has, and a reload fetches the current page with current chunks.
 * The time of the last reload is kept in sessionStorage, so a chunk that keeps failing cannot loop.
 */

/** Spec 1 §9. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const CHUNK_RELOAD_STORAGE_KEY = 'chunk-reload-at';

/** Messages browsers give a failed dynamic import (Chromium, Safari, Firefox). */
const CHUNK_ERROR = /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk .* failed/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/** Whether a reload is allowed now, given the time of the last one (null: none this session). */
export function mayReload(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS || now < lastReloadAt;
}

function readStamp(storage: Storage | null): number | null {
  const raw = storage?.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? null;
  return raw === null ? null : Number(raw);
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Reloads the page for a chunk failure unless one happened in the last 60 s; returns whether it
 * reloads. Without sessionStorage there is no guard to keep, so it does not reload (no loops).
 */
export function reloadForChunkFailure(error: unknown, now: number = Date.now()): boolean {
  const storage = sessionStore();
  if (storage === null || !mayReload(now, readStamp(storage))) {
    console.error('chunk failed to load; not reloading again within 60 s', error);
    return false;
  }
  try {
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}
