/**
 * The show page at /shows/{id} (spec 2 §2, §3, §5, §8): the show from the shows service
 * (core/upstream/show-client.ts, key `show:<id>`), its layout (subtype `show`, elementId its
 * show_slug, spec 2 §7) for the regions, and the shell. Returns null, so nothing is written and the
 * edge router serves the stored 404 page, when the show is missing or unpublished. A failed fetch
 * is logged (spec 2 §8) and fails the render with the client's retryable error (a failed read is
 * not "not found": docs/architecture.md "Failure handling"), so the job retries and the stored page stays meanwhile. A show
 * requested off its canonical path stores a 301 record instead, unless the path contains "video"
 * (spec 2 §2).
 */
import { createElement } from 'react';
import { isUpstreamFailure } from '../../core/upstream/client.js';
import { isPublishedShow, type Show, type ShowClient } from '../../core/upstream/show-client.js';
import { toPlainText } from '../blocks/sanitize.js';
import { loadFrontRegions, loadLeftRail } from '../shared/load-components.js';
import { safeHref } from '../shared/links.js';
import { buildHead, canonicalFor, loadShell } from '../shared/shell.js';
import type { BuiltPage, PageBuildContext } from '../page-kind.js';
import { ShowPage, type ShowPageView } from './show-page.js';
import { renderDocument } from '../shared/render-html.js';
import { SHOW_POSTER_SIZES, showIdFromPath, showPathOf, showRedirectTarget } from './show-rules.js';
import { hostLink, imageOf, posterOf } from './show-view.js';
import { tvSeriesJsonLd } from './structured-data.js';
import { htmlObject, redirectPage } from '../page-objects.js';

/** Layout subtype of show pages (docs/upstream-contract.md §4.3). */
export const SHOW_LAYOUT_SUBTYPE = 'show';

/** The show, or null when there is none or it is unpublished. A failed fetch is logged and thrown. */
export async function loadShow(ctx: PageBuildContext, shows: ShowClient, id: string): Promise<Show | null> {
  let show: Show | null;
  try {
    show = await shows.getShow(id, ctx.site.layoutDomain);
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    ctx.log.error({ show: { id }, error }, 'show fetch failed');
    throw error;
  }
  if (show === null) {
    ctx.log.info({ show: { id } }, 'no show with this id');
    return null;
  }
  if (!isPublishedShow(show)) {
    ctx.log.info({ show: { id, postStatus: show.postStatus } }, 'show is not published');
    return null;
  }
  return show;
}

export async function buildShowPage(ctx: PageBuildContext, shows: ShowClient): Promise<BuiltPage<'show' | 'redirect'> | null> {
  const { site, path, client, log } = ctx;
  const id = showIdFromPath(path);
  if (id === null) return null;
  const show = await loadShow(ctx, shows, id);
  if (show === null) return null;

  const target = showRedirectTarget(show, path);
  if (target !== null) {
    return redirectPage(site.id, path, target);
  }

  const [shell, layout] = await Promise.all([loadShell(client, ctx.shellContext), client.getLayout(SHOW_LAYOUT_SUBTYPE, show.show_slug)]);
  const regions = await loadFrontRegions(client, layout, log);
  const leftRail = await loadLeftRail(client, layout, log);
  const canonicalUrl = canonicalFor(ctx.publicOrigin, showPathOf(show));
  const title = toPlainText(show.title);
  const description = toPlainText(show.description ?? '');
  const hosts = show.hosts.map(hostLink);
  const image = imageOf(show.image ?? show.thumbnail);
  const airtime = [show.airtimeDays, show.airtime].filter((part) => part !== undefined && part !== '').join(' ');
  const poster = posterOf(show, SHOW_POSTER_SIZES);
  const banner = {
    ...(imageOf(show.banner?.headshot) === undefined ? {} : { headshot: imageOf(show.banner?.headshot) }),
    ...(imageOf(show.banner?.logo) === undefined ? {} : { logo: imageOf(show.banner?.logo) }),
    ...(imageOf(show.banner?.background) === undefined ? {} : { background: imageOf(show.banner?.background) }),
  };
  const view: ShowPageView = {
    title,
    description,
    ...(airtime === '' ? {} : { airtime: toPlainText(airtime) }),
    banner,
    ...(poster === undefined ? {} : { poster }),
    subNav: show.subNav.flatMap((link) => {
      const url = safeHref(link.url);
      return url === undefined ? [] : [{ label: toPlainText(link.label), url }];
    }),
    hosts,
    regions,
    leftRail,
    jsonLd: tvSeriesJsonLd(show, { url: canonicalUrl, publicOrigin: ctx.publicOrigin, hosts, description, ...(image === undefined ? {} : { image }) }),
  };
  const head = buildHead({ site, title, description, canonicalUrl, ...(image === undefined ? {} : { imageUrl: image }) });
  const html = renderDocument(createElement(ShowPage, { model: { head, shell, view } }));
  return {
    kind: 'show',
    objects: [htmlObject(site.id, path, html)],
  };
}
