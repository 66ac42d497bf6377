/**
 * The browser entry (DESIGN.md "Islands"): finds every server-rendered island, reads its props,
 * loads its component on demand and hydrates it. One broken island (unknown name, missing or bad
 * props, a failing chunk) is logged and skipped; the others still hydrate.
 *
 * This file and everything it imports is shipped to readers: no Node APIs, no secrets, and from
 * core only core/isomorphic (the build checks the last one).
 */
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
 */
async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isChunkLoadError(error)) reloadForChunkFailure(error);
    throw error;
  }
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
  const props = island.parseProps(json);
  const markHydrated = () => root.setAttribute(ISLAND_HYDRATED_ATTRIBUTE, 'true');
  hydrateRoot(root, islandElement(island.component, props, markHydrated), {
    // Same prefix as the server render (island.tsx), so useId values match.
    identifierPrefix: islandIdentifierPrefix(propsId),
    onRecoverableError: (error) => {
      console.error(`island "${name}" recovered from a hydration error`, error);
    },
  });
}

/** Roots already handed to hydration: hydrating a root twice would throw inside React. */
const started = new WeakSet<Element>();

/** Hydrates every island under `scope` not started yet; resolves when all have been attempted. */
export async function hydrateIslands(scope: ParentNode = document): Promise<void> {
  const roots = scope.querySelectorAll<HTMLElement>(`[${ISLAND_NAME_ATTRIBUTE}]`);
  const pending: Promise<void>[] = [];
  for (const root of roots) {
    if (started.has(root)) continue;
    started.add(root);
    pending.push(
      hydrateIsland(root).catch((error: unknown) => {
        console.error('island skipped:', error);
      }),
    );
  }
  await Promise.all(pending);
}

function start(): void {
  startPlatform();
  void hydrateIslands();
  // Time labels load their code (and the date library) only on pages that have them.
  if (document.querySelector('time[data-relative]') !== null) {
    loadChunk(() => import('./relative-times.js')).then(
      (module) => module.startRelativeTimes(),
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
