/**
 * The island components for server rendering. `renderToString` cannot wait for a lazy import, so
 * the render workers get every island statically here; the browser uses the lazy loaders in
 * `registry.ts` instead. Never import this module from the client entry: it would pull every
 * island into the entry chunk.
 */
import { HeaderSearch } from './header-search.island.js';
import { LoadMore } from './load-more.island.js';
import type { IslandComponent, IslandName } from './registry.js';

export const islandComponents: { readonly [N in IslandName]: IslandComponent<N> } = {
  HeaderSearch,
  LoadMore,
};
