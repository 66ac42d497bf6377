/**
 * The visible 404 page (spec 1 §2.2): its texts, "Go to Home", and the "Latest Videos" list with
 * "See All" to the latest-news video topic, hidden when no videos load.
 */
import { uiText } from '../../core/isomorphic/ui-text.js';
import { Document } from '../shell/document.js';
import type { VideoItem } from '../shared/videos.js';
import type { PageModel } from '../shared/view-model.js';
import { VideoList } from '../shared/video-list.js';

export interface NotFoundView {
  latestVideos: VideoItem[];
}

export const LATEST_NEWS_VIDEO_TOPIC = '/video/topics/latest-news';

export function NotFoundPage({ model }: { model: PageModel<NotFoundView> }) {
  const videos = model.view.latestVideos;
  // The spec's texts (NOT_FOUND_TEXTS) in the edition's language.
  const text = uiText(model.shell.site.id);
  return (
    <Document head={model.head} shell={model.shell} bodyClass="page-404">
      <div className="not-found">
        <h1>{text.notFoundHeading}</h1>
        <p>{text.notFoundBody}</p>
        <p>
          <a href="/">{text.goToHome}</a>
        </p>
        {videos.length > 0 ? (
          <section aria-labelledby="latest-videos">
            <h2 id="latest-videos">{text.latestVideos}</h2>
            <VideoList videos={videos} className="latest-videos" />
            <a href={LATEST_NEWS_VIDEO_TOPIC}>{text.seeAll}</a>
          </section>
        ) : null}
      </div>
    </Document>
  );
}
