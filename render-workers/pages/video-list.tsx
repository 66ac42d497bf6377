/**
 * A list of video cards (thumbnail, title, duration) shared by the article's recommended strip
 * and the 404 page's "Latest Videos". Items come from render-workers/load/videos.ts, already
 * plain text, safe links and aired videos only.
 */
import type { VideoItem } from '../load/videos.js';

export function VideoList({ videos, className }: { videos: readonly VideoItem[]; className: string }) {
  return (
    <ul className={`video-list ${className}`}>
      {videos.map((video) => (
        <li key={video.url}>
          <a href={video.url}>
            {video.image ? (
              <img
                src={video.image.src}
                srcSet={video.image.srcSet}
                sizes={video.image.sizes}
                width={video.image.width}
                height={video.image.height}
                alt=""
                loading="lazy"
              />
            ) : null}
            <span className="video-title">{video.name}</span>
            {video.duration ? (
              <span className="duration">
                <span className="visually-hidden">Duration </span>
                {video.duration}
              </span>
            ) : null}
          </a>
        </li>
      ))}
    </ul>
  );
}
