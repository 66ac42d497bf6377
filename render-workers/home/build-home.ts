/**
 * Home and the 404 page (ADR 0006): home is a front built from the home layout's regions, like the
 * section fronts (spec 1 §2.1); the 404 page shares its inputs and is rendered with it.
 */
import { createElement } from 'react';
import { fillText, uiText } from '../../core/isomorphic/ui-text.js';
import type { SiteInfo } from '../../core/isomorphic/sites.js';
import type { BuiltPage, PageBuildContext } from '../page-kind.js';
import { htmlObject, notFoundObject } from '../page-objects.js';
import { loadFrontRegions } from '../shared/load-components.js';
import { renderDocument } from '../shared/render-html.js';
import { SectionFrontPage } from '../shared/section-front-page.js';
import { buildHead, canonicalFor, loadShell } from '../shared/shell.js';
import { loadLatestVideos, type VideoItem } from '../shared/videos.js';
import { NotFoundPage } from './not-found-page.js';
import { organizationJsonLd, webSiteJsonLd } from './structured-data.js';

/** Home: a front built from the home layout's regions, like the section fronts (spec 1 §2.1). */
export async function buildHome(ctx: PageBuildContext): Promise<BuiltPage<'home'>> {
  const { site, client, log, publicOrigin } = ctx;
  const [shell, layout, latestVideos] = await Promise.all([
    loadShell(client, ctx.shellContext),
    client.getLayout('home', '/'),
    loadLatestVideos(client, { domain: site.layoutDomain, now: ctx.now }),
  ]);
  const regions = await loadFrontRegions(client, layout, log, { autoAds: true });
  const text = uiText(site.id);
  const head = buildHead({
    site,
    title: text.homeTitle,
    description: fillText(text.homeDescription, { site: site.name }),
    canonicalUrl: canonicalFor(publicOrigin, '/'),
    // Issue 15 item 8: the site and its publisher, with the site search crawlers may offer.
    structuredData: [webSiteJsonLd(site, publicOrigin), organizationJsonLd(site, publicOrigin)],
  });
  const home = renderDocument(
    createElement(SectionFrontPage, {
      model: { head, shell, view: { heading: site.name, isHome: true, sectionCode: 'home', regions } },
      bodyClass: 'page-home',
    }),
  );
  return {
    kind: 'home',
    objects: [htmlObject(site.id, '/', home), notFoundObject(site.id, notFoundPage(site, shell, publicOrigin, latestVideos))],
  };
}

/**
 * The 404 page shares the home page's inputs (the shell); it is rendered with it so that a menu
 * change that re-renders home refreshes the 404 page too (ADR 0006). Its "Latest Videos" are read
 * with home's recorder, so a new latest-news video re-renders both; the list is hidden when no
 * videos load (spec 1 §2.2).
 */
function notFoundPage(site: SiteInfo, shell: Awaited<ReturnType<typeof loadShell>>, publicOrigin: string, latestVideos: VideoItem[]): string {
  const head = buildHead({
    site,
    // Spec 1 §2.2, spec 2 §8: the 404 page reads 'This page could not be found' (the page-loading
    // layer's text, here the document title) above its visible texts.
    title: uiText(site.id).notFoundTitle,
    description: uiText(site.id).notFoundBody,
    canonicalUrl: canonicalFor(publicOrigin, '/'),
    noIndex: true,
  });
  // The 404 page answers for every missing path: it is no edition's counterpart of home.
  const { alternates: _homeAlternates, ...notFoundShell } = shell;
  return renderDocument(createElement(NotFoundPage, { model: { head, shell: notFoundShell, view: { latestVideos } } }));
}
