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

const UiTextContext = createContext<UiText>(uiText('news'));

export function UiTextProvider({ site, children }: { site: SiteId; children: ReactNode }) {
  return <UiTextContext.Provider value={uiText(site)}>{children}</UiTextContext.Provider>;
}

/** The interface text of the edition being rendered. */
export function useUiText(): UiText {
  return useContext(UiTextContext);
}
