/**
 * A list of video cards (thumbnail, title, duration) shared by the article's recommended strip
 * and the 404 page's "Latest Videos". Items come from render-workers/shared/videos.ts, already
 * plain text, safe links and aired videos only. The recommended strip renders it inside the
 * VideoCarousel island, and the browser bundle may import only interactive-bundle/** (build.ts),
 * so the component lives with that island and is re-exported here for the server's pages.
 */
export { VideoList, type VideoListItem } from '../../interactive-bundle/islands/video-carousel.island.js';
