/**
 * The platform behaviour every standard page gets from the client entry (interactive-bundle/README.md, "Platform helpers"): online
 * status, image fallback and link prefetch. The chunk-load guard is wired into the entry's island
 * imports; local storage and JSONP are libraries for islands, imported only where used.
 */
import { startImageFallback } from './image-fallback.js';
import { startLinkPrefetch } from './prefetch.js';
import { startOnlineStatus } from './online-status.js';

export function startPlatform(): void {
  startOnlineStatus();
  startImageFallback();
  startLinkPrefetch();
}
