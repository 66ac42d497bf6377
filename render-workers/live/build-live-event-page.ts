/**
 * Live-event pages at /coverage/{page?} (spec 2 §2 route "coverage-page: live event layout" and the
 * live-event header, §3 live event fields, §5 adInfo rule, §7 calls, §8 not-found and logged-only
 * failures):
 *   - the live event by path (core/upstream/live-event-client.ts, key `live-event:<path>`); an
 *     undefined event returns null: nothing is written and the edge serves the stored 404 page;
 *   - the layout (subtype `liveEvent`, elementId the path without slashes) for the regions
 *     pre-content, main, left rail, right rail and post-content; a missing layout gives empty
 *     regions;
 *   - a failed event or layout fetch is logged (spec 2 §8) and fails the render with the client's
 *     retryable error: for a pre-rendering pipeline a failed read is not "not found" (docs/architecture.md "Failure handling"),
 *     so the job retries and the stored page stays meanwhile;
 *   - the live-blog SEO feed: its updates shown newest first with their times and listed in the
 *     LiveBlogPosting JSON-LD, both from live-blog-updates.ts. A failing feed leaves
 *     liveBlogUpdate empty and tells readers so; and since that page is worse than one that had
 *     the updates, it is built `degraded`: render-page.ts keeps a stored good page instead;
 *   - the ad only when adInfo has size, value and text (spec 2 §5), otherwise logged and left out;
 *   - `refresh:live` recorded, so the live schedule (ingest/schedules.ts) re-renders the page every minute.
 */
import { createElement } from 'react';
import { formatArticleDate } from '../../core/isomorphic/dates.js';
import { isUpstreamFailure } from '../../core/upstream/client.js';
import { dataKeys } from '../../core/upstream/data-keys.js';
import type { LiveEvent, LiveEventClient } from '../../core/upstream/live-event-client.js';
import type { Layout } from '../../core/upstream/schemas.js';
import { toPlainText } from '../blocks/sanitize.js';
import { loadFrontRegions, loadLeftRail } from '../shared/load-components.js';
import { safeImageSrc } from '../shared/links.js';
import { buildHead, canonicalFor, loadShell } from '../shared/shell.js';
import type { BuiltPage, PageBuildContext } from '../page-kind.js';
import { LiveEventPage, type LiveEventPageView } from './live-event-page.js';
import { renderDocument } from '../shared/render-html.js';
import { AD_INFO_INCOMPLETE_MESSAGE, checkAdInfo, LIVE_EVENT_LAYOUT_SUBTYPE, liveEventElementId, videoAndPlaylist } from './live-event-rules.js';
import { liveUpdateEntries } from './live-blog-updates.js';
import { liveBlogPostingJsonLd } from './structured-data.js';
import { htmlObject } from '../page-objects.js';

/** The schedule that re-renders live pages (ingest/schedules.ts, every minute). */
export const LIVE_REFRESH_SCHEDULE = 'live';

/** /coverage and /coverage/{page}. */
export function isLiveEventPath(path: string): boolean {
  return path === '/coverage' || /^\/coverage\/[^/]+$/.test(path);
}

/** The live event, or null when there is none. A failed fetch is logged (spec 2 §8) and thrown. */
async function loadLiveEvent(ctx: PageBuildContext, liveEvents: LiveEventClient): Promise<LiveEvent | null> {
  try {
    const event = await liveEvents.getLiveEvent(ctx.path);
    if (event === null) ctx.log.info({ liveEvent: { path: ctx.path } }, 'no live event at this path');
    return event;
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    ctx.log.error({ liveEvent: { path: ctx.path }, error }, 'live event fetch failed');
    throw error;
  }
}

/** The layout, or null when there is none. A failed fetch is logged (spec 2 §8) and thrown. */
async function loadLayout(ctx: PageBuildContext): Promise<Layout | null> {
  try {
    return await ctx.client.getLayout(LIVE_EVENT_LAYOUT_SUBTYPE, liveEventElementId(ctx.path));
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    ctx.log.error({ liveEvent: { path: ctx.path }, error }, 'live event layout fetch failed');
    throw error;
  }
}

export async function buildLiveEventPage(ctx: PageBuildContext, liveEvents: LiveEventClient): Promise<BuiltPage<'live-event'> | null> {
  const { site, path, client, log } = ctx;
  // Recorded first, whatever happens next: an event that goes live later is picked up by the minute schedule too.
  ctx.record(dataKeys.refresh(LIVE_REFRESH_SCHEDULE));
  const event = await loadLiveEvent(ctx, liveEvents);
  if (event === null) return null;

  const [shell, layout, liveBlogRead] = await Promise.all([
    loadShell(client, ctx.shellContext),
    loadLayout(ctx),
    event.liveBlog === undefined ? Promise.resolve(null) : liveEvents.getLiveBlogUpdates(event.liveBlog),
  ]);
  const regions = await loadFrontRegions(client, layout, log);
  const leftRail = await loadLeftRail(client, layout, log);

  const checked = checkAdInfo(event.adInfo);
  if (checked !== null && 'missing' in checked) {
    log.warn({ liveEvent: { path, id: event.id }, adInfo: { missing: checked.missing } }, AD_INFO_INCOMPLETE_MESSAGE);
  }

  const canonicalUrl = canonicalFor(ctx.publicOrigin, path);
  const title = toPlainText(event.title);
  const description = toPlainText(event.description ?? event.dek ?? '');
  const backgroundImage = safeImageSrc(event.backgroundImage) ?? undefined;
  const eyebrow = toPlainText(event.eyebrow ?? '');
  const dek = toPlainText(event.dek ?? '');
  const dateLabel = event.date === undefined ? '' : formatArticleDate(event.date, site.lang);
  const video = videoAndPlaylist(event.video, event.playlist);
  const shareImage = backgroundImage ?? video?.video.image ?? undefined;
  const updates = liveUpdateEntries(liveBlogRead?.updates ?? [], { publicOrigin: ctx.publicOrigin, lang: site.lang });
  const view: LiveEventPageView = {
    title,
    ...(eyebrow === '' ? {} : { eyebrow }),
    ...(event.date === undefined || dateLabel === '' ? {} : { date: { iso: new Date(event.date).toISOString(), label: dateLabel } }),
    ...(dek === '' ? {} : { dek }),
    isBreaking: event.isBreaking,
    ...(backgroundImage === undefined ? {} : { backgroundImage }),
    video,
    ad: checked !== null && 'ad' in checked ? checked.ad : null,
    regions,
    leftRail,
    liveBlog: liveBlogRead === null ? null : { status: liveBlogRead.status, entries: updates },
    jsonLd: liveBlogPostingJsonLd(event, updates, { canonicalUrl, ...(shareImage === undefined ? {} : { image: shareImage }) }),
  };
  const head = buildHead({ site, title, description, canonicalUrl, ...(shareImage === undefined ? {} : { imageUrl: shareImage }) });
  const html = renderDocument(createElement(LiveEventPage, { model: { head, shell, view } }));
  return {
    kind: 'live-event',
    ...(liveBlogRead?.status === 'failed' ? { degraded: 'live blog unavailable' } : {}),
    objects: [htmlObject(site.id, path, html)],
  };
}
