/**
 * Routes the video area's paths (spec 2 §2) to their builders:
 *
 *   /video                    video home                       (build-video-lists.ts)
 *   /video/shows              video shows list                 (build-video-lists.ts)
 *   /video/shows/{x}          a show's video page when a show has the id x, else the show
 *                             video with slug x (spec 2 §2 "/video/shows/{slug}")
 *   /video/topics, /video/topics/{topic...}   topic pages      (build-video-lists.ts)
 *   /video/{slug}             a single video                   (build-video-page.ts)
 *
 * "/video/shows/{x}" names both a show's video page (route table: /video/shows/{id}) and a show
 * video (card links: /video/shows/{slug}); show ids and video slugs share one namespace, so the
 * show wins and a show video whose slug equals a show id is unreachable. The sample upstream's
 * dataset test keeps the two apart.
 */
import type { ShowClient } from '../../core/upstream/show-client.js';
import type { BuiltPage, PageBuildContext } from '../page-kind.js';
import { buildShowVideoPage, buildTopicPage, buildVideoHome, buildVideoShowsList } from './build-video-lists.js';
import { buildVideoPage } from './build-video-page.js';

import { VIDEO_HOME_PATH } from './paths.js';

export function isVideoAreaPath(path: string): boolean {
  return path === VIDEO_HOME_PATH || path.startsWith(`${VIDEO_HOME_PATH}/`);
}

/** What the video area's pages render as. */
export type VideoAreaPageKind = 'video-home' | 'video-shows' | 'video-show' | 'video-topics' | 'video-topic' | 'video' | 'redirect';

export async function buildVideoArea(ctx: PageBuildContext, shows: ShowClient): Promise<BuiltPage<VideoAreaPageKind> | null> {
  const segments = ctx.path.split('/').filter(Boolean);
  if (segments[0] !== 'video') return null;
  const [, second, third, ...rest] = segments;
  if (second === undefined) return await buildVideoHome(ctx);
  if (second === 'topics') return await buildTopicPage(ctx, third === undefined ? null : [third, ...rest].join('/'));
  if (second === 'shows') {
    if (third === undefined) return await buildVideoShowsList(ctx, shows);
    if (rest.length > 0) return null;
    const showPage = await buildShowVideoPage(ctx, shows, third);
    return showPage ?? (await buildVideoPage(ctx, { slug: third, showVideo: true }));
  }
  if (third !== undefined) return null;
  return await buildVideoPage(ctx, { slug: second, showVideo: false });
}
