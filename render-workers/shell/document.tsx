/**
 * The one document shell every standard page shares: head (title, description, canonical, robots,
 * Twitter card; spec 1 §9), header, the desktop header ad slot (spec 1 §9), main and footer
 * (spec 1 §2.3).
 */
import type { ReactNode } from 'react';
import { uiText } from '../../core/isomorphic/ui-text.js';
import { JsonLd } from '../shared/structured-data/news-article.js';
import { UiTextProvider } from './ui-text-context.js';
import type { HeadModel, ShellModel } from '../shared/view-model.js';
import { ARTICLE_ISLANDS_CSS, BASE_CSS, SHELL_CSS, SHELL_ISLANDS_CSS } from './styles.js';
import { DESIGN_CSS, DESIGN_TOKENS_CSS } from './design-tokens.js';
import { SiteHeader } from './header.js';
import { SiteFooter } from './footer.js';
import { AdSlot, DESKTOP_HEADER_AD } from '../shared/ad-slot.js';

/**
 * The theme cookie (spec 1 §2.2, spec 2 §2): `theme=light` or `theme=dark` sets data-theme on the
 * document; any other value is ignored. Stored pages are the same for every reader, so the page
 * cannot carry the theme: this inline script, first in the head, reads the cookie in the browser
 * and sets the attribute before the stylesheet applies and before any other script runs (no flash
 * of the wrong theme). It is a constant string, so every render is byte-identical. The edge
 * router's CSP is `frame-ancestors 'self'` only (edge-router/plugins/security-headers.ts), which
 * does not restrict inline scripts; a script-src policy added later must allow this one (a hash).
 */
export const THEME_SCRIPT =
  "(function(){try{var m=/(?:^|;\\s*)theme=(light|dark)(?:;|$)/.exec(document.cookie);if(m)document.documentElement.setAttribute('data-theme',m[1])}catch(e){}})()";

export interface DocumentProps {
  /** The shared head model, or page-built head tags that replace it (articles: article/meta.ts). */
  head: HeadModel | { tags: ReactNode };
  shell: ShellModel;
  /** Body class: per section or page kind (spec 1 §2.4, §2.5). */
  bodyClass: string;
  /** Page-specific head elements (article meta, amphtml link, JSON-LD), after the shared ones. */
  extraHead?: ReactNode;
  /** Spec 1 §2.3: the static-page layout hides the header on /gowatch. Default false. */
  hideHeader?: boolean;
  /** Spec 1 §2.3: the static-page layout hides the footer on /connect. Default false. */
  hideFooter?: boolean;
  /**
   * The desktop header ad slot under the header (spec 1 §9). Default true; the interactive
   * article layout has no ads (spec 1 §2.6: headline, sub-headline, body, optional comments).
   */
  headerAd?: boolean;
  children: ReactNode;
}

export function Document({ head, shell, bodyClass, extraHead, hideHeader = false, hideFooter = false, headerAd = true, children }: DocumentProps) {
  return (
    <html lang={shell.site.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        {'tags' in head ? head.tags : <SharedHeadTags head={head} siteName={shell.site.name} />}
        {(shell.alternates ?? []).map((alternate) => (
          <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
        ))}
        {extraHead}
        <style dangerouslySetInnerHTML={{ __html: BASE_CSS + DESIGN_TOKENS_CSS + SHELL_CSS + ARTICLE_ISLANDS_CSS + SHELL_ISLANDS_CSS + DESIGN_CSS }} />
        {shell.scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
      </head>
      <body className={bodyClass}>
        <UiTextProvider site={shell.site.id}>
        <a className="skip-link" href="#main-content">
          {uiText(shell.site.id).skipToContent}
        </a>
        {shell.site.translationNotice ? (
          <p className="translation-notice" role="note">
            {shell.site.translationNotice.text}{' '}
            <a href={shell.site.translationNotice.href}>{shell.site.translationNotice.linkText}</a>
          </p>
        ) : null}
        {hideHeader ? null : <SiteHeader shell={shell} />}
        {hideHeader || !headerAd ? null : <AdSlot slot={DESKTOP_HEADER_AD} className="ad-header" />}
        <main id="main-content">{children}</main>
        {hideFooter ? null : <SiteFooter shell={shell} />}
        </UiTextProvider>
      </body>
    </html>
  );
}

/** Title, description, canonical, robots, Twitter card and Open Graph from a HeadModel. */
function SharedHeadTags({ head, siteName }: { head: HeadModel; siteName: string }) {
  return (
    <>
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      <link rel="canonical" href={head.canonicalUrl} />
      {(head.feeds ?? []).map((feed) => (
        <link key={feed.url} rel="alternate" type="application/rss+xml" title={feed.title} href={feed.url} />
      ))}
      <meta name="robots" content={head.robots} />
      <meta name="twitter:card" content={head.twitterCard} />
      <meta name="twitter:title" content={head.title} />
      <meta name="twitter:description" content={head.description} />
      <meta property="og:type" content={head.ogType} />
      <meta property="og:title" content={head.title} />
      <meta property="og:description" content={head.description} />
      <meta property="og:url" content={head.canonicalUrl} />
      <meta property="og:site_name" content={siteName} />
      {head.imageUrl ? <meta property="og:image" content={head.imageUrl} /> : null}
      {head.imageUrl ? <meta name="twitter:image" content={head.imageUrl} /> : null}
      {(head.structuredData ?? []).map((data, index) => (
        <JsonLd key={index} data={data} />
      ))}
    </>
  );
}
