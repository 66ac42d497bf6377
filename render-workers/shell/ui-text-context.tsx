/**
 * The edition's interface text (core/isomorphic/ui-text.ts) for server components deep in a page
 * (front blocks, body blocks, ad labels), without threading it through every prop. Document and
 * the AMP and print pages provide it from their site; without a provider it is the news edition's.
 * Islands never read it: they hydrate as their own roots, outside any provider, so they take the
 * edition from their props instead.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { SiteId } from '../../core/isomorphic/sites.js';
import { uiText, type UiText } from '../../core/isomorphic/ui-text.js';

const SiteContext = createContext<SiteId>('news');

export function UiTextProvider({ site, children }: { site: SiteId; children: ReactNode }) {
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}

/** The interface text of the edition being rendered. */
export function useUiText(): UiText {
  return uiText(useContext(SiteContext));
}

/** The edition being rendered: islands inside a page take it as a prop (see the header). */
export function useSiteId(): SiteId {
  return useContext(SiteContext);
}
