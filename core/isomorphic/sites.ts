/**
 * The sites this platform publishes. Each is a separate storage prefix and public origin; the
 * Spanish edition (spec 1 §1) is a second site, not a variant of the first.
 * Isomorphic and free of secrets: the browser bundle may import it.
 */
export const SITE_IDS = ['news', 'es'] as const;
export type SiteId = (typeof SITE_IDS)[number];

export interface SiteInfo {
  id: SiteId;
  /** Display name, used in the title suffix and in texts such as "Search {site}". */
  name: string;
  /** Appended to page titles (spec 1 §2.4, §2.5). */
  titleSuffix: string;
  lang: string;
  /** The element id prefix of this site's layouts in the layout service (spec 1 §7). */
  layoutDomain: string;
  /**
   * The header's wordmark when it is set in two lines: the brand, and the edition under it in
   * smaller type (the Spanish edition's name is too long for one line beside its menu). Absent: the
   * name on one line.
   */
  wordmark?: { brand: string; edition: string };
  /** Spanish edition only: the machine-translation notice and the statement it links to (spec 1 §1). */
  translationNotice?: { text: string; linkText: string; href: string };
}

export const SITES: Readonly<Record<SiteId, SiteInfo>> = {
  news: {
    id: 'news',
    name: 'Fox News',
    titleSuffix: ' | Fox News',
    lang: 'en',
    layoutDomain: 'fox-news',
  },
  es: {
    id: 'es',
    name: 'Fox News en Español',
    wordmark: { brand: 'Fox News', edition: 'en Español' },
    titleSuffix: ' | Fox News en Español',
    lang: 'es',
    layoutDomain: 'fox-news',
    // On every page of this site, not only articles (spec 1 §1, §8 "Spanish site: machine-translation
    // disclaimer"), so the text speaks of the page. The statement is a static page of this site.
    translationNotice: {
      text: 'Esta página fue traducida automáticamente.',
      linkText: 'Declaración de traducción',
      href: '/translation-statement',
    },
  },
};

export function isSiteId(value: unknown): value is SiteId {
  return typeof value === 'string' && (SITE_IDS as readonly string[]).includes(value);
}
