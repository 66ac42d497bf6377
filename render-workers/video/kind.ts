/** The video area (spec 2 §2): /video and every path under it (route.ts). */
import { pageKind } from '../page-kind.js';
import { buildVideoArea, isVideoAreaPath } from './route.js';

export const videoAreaKind = pageKind({
  id: 'video-area',
  claims: isVideoAreaPath,
  build: (ctx) => buildVideoArea(ctx, ctx.shows),
});
