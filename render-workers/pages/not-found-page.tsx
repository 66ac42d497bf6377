/**
 * The visible 404 page (spec 1 §2.2): its texts, "Go to Home", and the "Latest Videos" list with
 * "See All" to the latest-news video topic, hidden when no videos load.
 */
import { NOT_FOUND_TEXTS } from '../../core/isomorphic/constants.js';
import { Document } from '../shell/document.js';
import type { VideoItem } from '../load/videos.js';
import type { PageModel } from '../view-model.js';
import { VideoList } from './video-list.js';

export interface NotFoundView {
  latestVideos: VideoItem[];
}

export const LATEST_NEWS_VIDEO_TOPIC = '/video/topics/latest-news';

export function NotFoundPage({ model }: { model: PageModel<NotFoundView> }) {
  const videos = model.view.latestVideos;
  return (
    <Document head={model.head} shell={model.shell} bodyClass="page-404">
      <div className="not-found">
        <h1>{NOT_FOUND_TEXTS.heading}</h1>
        <p>{NOT_FOUND_TEXTS.body}</p>
        <p>
          <a href="/">{NOT_FOUND_TEXTS.goHome}</a>
        </p>
        {videos.length > 0 ? (
          <section aria-labelledby="latest-videos">
            <h2 id="latest-videos">{NOT_FOUND_TEXTS.latestVideos}</h2>
            <VideoList videos={videos} className="latest-videos" />
            <a href={LATEST_NEWS_VIDEO_TOPIC}>{NOT_FOUND_TEXTS.seeAll}</a>
          </section>
        ) : null}
      </div>
    </Document>
  );
}
