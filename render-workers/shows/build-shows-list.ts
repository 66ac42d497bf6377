/**
 * The shows list at /shows (spec 2 §2): every published show from the shows service
 * (searchType=all, key `list:shows`) in upstream's order, linking to each show's canonical page.
 * An empty list is not found (spec 2 §8 "undefined ... shows: not found"), so nothing is written.
 * A failed list read is logged and fails the render with the client's retryable error (a failed read
 * is not "not found": docs/architecture.md "Failure handling"); the job retries and the stored page stays meanwhile.
 */
import { createElement } from 'react';
import { isUpstreamFailure } from '../../core/upstream/client.js';
import { isPublishedShow, type Show, type ShowClient } from '../../core/upstream/show-client.js';
import { toPlainText } from '../blocks/sanitize.js';
import { buildHead, canonicalFor, loadShell } from '../shared/shell.js';
import type { BuiltPage, PageBuildContext } from '../page-kind.js';
import { fillText, uiText } from '../../core/isomorphic/ui-text.js';
import { ShowsListPage, type ShowsListView } from './shows-list-page.js';
import { renderDocument } from '../shared/render-html.js';
import { SHOWS_LIST_PATH, SHOWS_PAGE_POSTER_SIZES, showPathOf } from './show-rules.js';
import { posterOf } from './show-view.js';
import { htmlObject } from '../page-objects.js';

/** Every published show, or null when the list is missing or empty. A failed read is logged and thrown. */
export async function loadPublishedShows(ctx: Pick<PageBuildContext, 'log'>, shows: ShowClient): Promise<Show[] | null> {
  let all: Show[];
  try {
    all = await shows.listShows();
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    ctx.log.error({ error }, 'shows fetch failed');
    throw error;
  }
  const published = all.filter(isPublishedShow);
  return published.length === 0 ? null : published;
}

export async function buildShowsList(ctx: PageBuildContext, shows: ShowClient): Promise<BuiltPage<'shows'> | null> {
  const { site, client } = ctx;
  const published = await loadPublishedShows(ctx, shows);
  if (published === null) {
    ctx.log.info('no shows; nothing to list');
    return null;
  }
  const shell = await loadShell(client, ctx.shellContext);
  const text = uiText(site.id);
  const view: ShowsListView = {
    heading: text.showsList,
    posterSizes: SHOWS_PAGE_POSTER_SIZES,
    shows: published.map((show) => {
      const poster = posterOf(show, SHOWS_PAGE_POSTER_SIZES);
      const airtime = [show.airtimeDays, show.airtime].filter((part) => part !== undefined && part !== '').join(' ');
      return {
        title: toPlainText(show.title),
        url: showPathOf(show),
        ...(airtime === '' ? {} : { airtime: toPlainText(airtime) }),
        ...(poster === undefined ? {} : { poster }),
      };
    }),
  };
  const head = buildHead({ site, title: text.showsList, description: fillText(text.showsListDescription, { site: site.name }), canonicalUrl: canonicalFor(ctx.publicOrigin, SHOWS_LIST_PATH) });
  const html = renderDocument(createElement(ShowsListPage, { model: { head, shell, view } }));
  return {
    kind: 'shows',
    objects: [htmlObject(site.id, SHOWS_LIST_PATH, html)],
  };
}

