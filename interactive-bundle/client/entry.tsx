/**
 * The browser entry (docs/architecture.md "Islands"): finds every server-rendered island, reads its props,
 * loads its component on demand and hydrates it. One broken island (unknown name, missing or bad
 * props, a failing chunk) is logged and skipped; the others still hydrate.
 *
 * This file and everything it imports is shipped to readers: no Node APIs, no secrets, and from
 * core only core/isomorphic (the build checks the last one).
 */
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { parseIslandProps, type JsonObject } from '../island-props.js';
import {
  ISLAND_HYDRATED_ATTRIBUTE,
  ISLAND_NAME_ATTRIBUTE,
  ISLAND_PROPS_ATTRIBUTE,
  islandElement,
  islandIdentifierPrefix,
} from '../island-root.js';
import { isIslandName, islandLoaders, type IslandName } from '../islands/registry.js';
import { isChunkLoadError, reloadForChunkFailure } from './platform/chunk-reload.js';
import { startPlatform } from './platform/index.js';

/**
 * Loads a chunk on demand; a chunk that fails to load reloads the page, at most once per 60 s
 * (spec 1 §2.2, platform/chunk-reload.ts). The error still propagates, so the island is skipped.
 * A chunk that failed because the reader lost the network is not a stale bundle: reloading then
 * would swap the page being read for the browser's offline error page. So before reloading, the
 * page's own URL is asked for (HEAD); when that fails too, or the browser says it is offline, the
 * chunk is tried again once the browser is back online or NETWORK_RETRY_MS later.
 */
async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!isChunkLoadError(error)) throw error;
    if (!(await networkReachable())) {
      await backOnlineOrLater();
      return await loadChunk(load);
    }
    reloadForChunkFailure(error);
    throw error;
  }
}

const NETWORK_RETRY_MS = 15_000;

/** Whether the site answers at all: the browser thinks it is online and the page's URL answers. */
async function networkReachable(): Promise<boolean> {
  if (!navigator.onLine) return false;
  try {
    await fetch(window.location.href, { method: 'HEAD', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

function backOnlineOrLater(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('online', done);
      window.clearTimeout(timer);
      resolve();
    };
    const timer = window.setTimeout(done, NETWORK_RETRY_MS);
    window.addEventListener('online', done);
  });
}

async function hydrateIsland(root: HTMLElement): Promise<void> {
  const name = root.getAttribute(ISLAND_NAME_ATTRIBUTE);
  if (!isIslandName(name)) {
    throw new Error(`unknown island "${String(name)}"`);
  }
  const propsId = root.getAttribute(ISLAND_PROPS_ATTRIBUTE);
  const propsScript = propsId === null ? null : document.getElementById(propsId);
  if (propsId === null || propsScript === null) {
    throw new Error(`island "${name}" has no props script (${ISLAND_PROPS_ATTRIBUTE}="${String(propsId)}")`);
  }
  const json = parseIslandProps(propsScript.textContent ?? '');
  await hydrateNamed(root, name, propsId, json);
}

/** Generic in the name so the registry's types tie the loaded component to its props. */
async function hydrateNamed<N extends IslandName>(
  root: HTMLElement,
  name: N,
  propsId: string,
  json: JsonObject,
): Promise<void> {
  const island = await loadChunk(islandLoaders[name]);
  // Chunks that arrive together are evaluated and continued in one microtask checkpoint: each
  // island hydrates in a task of its own, so the page never holds one long task for all of them.
  await nextTask();
  const props = island.parseProps(json);
  const markHydrated = () => root.setAttribute(ISLAND_HYDRATED_ATTRIBUTE, 'true');
  // Hydrating in a transition lets React yield to the browser every few milliseconds instead of
  // hydrating each island in one long task; a reader's click or key on an island that is not
  // hydrated yet makes React finish that island first and replay the event.
  startTransition(() => {
    hydrateRoot(root, islandElement(island.component, props, markHydrated), {
      // Same prefix as the server render (island.tsx), so useId values match.
      identifierPrefix: islandIdentifierPrefix(propsId),
      onRecoverableError: (error) => {
        console.error(`island "${name}" recovered from a hydration error`, error);
      },
    });
  });
}

interface YieldingScheduler {
  yield(): Promise<void>;
}

/**
 * Resolves in a later task of the event loop, so the work after it runs in a task of its own
 * (`scheduler.yield()` where the browser has it, which keeps the page's place in the queue; a
 * zero timeout elsewhere).
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

/** Roots already handed to hydration: hydrating a root twice would throw inside React. */
const started = new WeakSet<Element>();

/**
 * Islands whose code is heavy and that sit below the fold where they appear (the TV schedule and
 * its time-zone code, the video carousels): they hydrate when they come within 200 px of the
 * viewport, so their script work stays out of the page load (Lighthouse's total blocking
 * time). Until then the server HTML is on screen and its links work.
 */
const HYDRATE_WHEN_NEAR: ReadonlySet<IslandName> = new Set<IslandName>(['TvSchedule', 'VideoCarousel']);

function hydrateOrSkip(root: HTMLElement): Promise<void> {
  return hydrateIsland(root).catch((error: unknown) => {
    console.error('island skipped:', error);
  });
}

let nearObserver: IntersectionObserver | undefined;

/**
 * Hydrates `root` once it is near the viewport. A root with no box (hidden by CSS, e.g. behind a
 * flag or in a closed panel) hydrates at once as before: it may be shown without ever scrolling.
 */
function hydrateWhenNear(root: HTMLElement): void {
  nearObserver ??= new IntersectionObserver(
    (entries, observer) => {
      for (const entry of entries) {
        const { width, height } = entry.boundingClientRect;
        if (!entry.isIntersecting && width > 0 && height > 0) continue;
        observer.unobserve(entry.target);
        void hydrateOrSkip(entry.target as HTMLElement);
      }
    },
    { rootMargin: '200px 0px' },
  );
  nearObserver.observe(root);
}

/**
 * Hydrates every island under `scope` not started yet; resolves when all have been attempted,
 * except those deferred until near the viewport (HYDRATE_WHEN_NEAR), which hydrate later.
 */
export async function hydrateIslands(scope: ParentNode = document): Promise<void> {
  const roots = scope.querySelectorAll<HTMLElement>(`[${ISLAND_NAME_ATTRIBUTE}]`);
  const pending: Promise<void>[] = [];
  for (const root of roots) {
    if (started.has(root)) continue;
    started.add(root);
    const name = root.getAttribute(ISLAND_NAME_ATTRIBUTE);
    if (isIslandName(name) && HYDRATE_WHEN_NEAR.has(name) && typeof IntersectionObserver === 'function') {
      hydrateWhenNear(root);
    } else {
      pending.push(hydrateOrSkip(root));
    }
  }
  await Promise.all(pending);
}

function start(): void {
  startPlatform();
  void hydrateIslands();
  // Time labels load their code only on pages that have them.
  if (document.querySelector('time[data-relative]') !== null) {
    loadChunk(() => import('./relative-times.js')).then(
      async (module) => {
        await nextTask();
        module.startRelativeTimes();
      },
      (error: unknown) => console.error('relative time labels unavailable:', error),
    );
  }
}

// Module scripts run before DOMContentLoaded, but the entry may also be loaded late (async or
// injected), so check whether the document has already been parsed.
if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', start, { once: true });
} else {
  start();
}
