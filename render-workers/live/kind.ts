/** Live events (spec 2 §2): /coverage/{page?} (build-live-event-page.ts). */
import { pageKind } from '../page-kind.js';
import { buildLiveEventPage, isLiveEventPath } from './build-live-event-page.js';

export const liveEventKind = pageKind({
  id: 'live-event',
  claims: isLiveEventPath,
  build: (ctx) => buildLiveEventPage(ctx, ctx.liveEvents),
});
