/**
 * VideoObject structured data of the single video page (ADR 0020; spec 2 §9 "Shared video
 * thumbnail 1280x720"): name, description, thumbnailUrl at 1280x720, uploadDate, duration in ISO
 * 8601, embedUrl and contentUrl, a BroadcastEvent with isLiveBroadcast for LIVE videos, and expires
 * when the video has an expiration date. Serialised by render-workers/shared/structured-data/news-article.ts
 * JsonLd, which escapes it for a script element.
 */
export interface VideoObjectInput {
  name: string;
  description: string;
  /** Absolute URL of the 1280x720 thumbnail. */
  thumbnailUrl?: string;
  uploadDate?: string;
  /** ISO 8601 duration. */
  duration?: string;
  embedUrl: string;
  contentUrl?: string;
  isLive: boolean;
  /** Air start, the live broadcast's start. */
  startDate?: string;
  expires?: string;
  /** The page's canonical URL. */
  url: string;
}

export interface VideoObjectJsonLd {
  '@context': 'https://schema.org';
  '@type': 'VideoObject';
  name: string;
  description: string;
  thumbnailUrl?: string[];
  uploadDate?: string;
  duration?: string;
  embedUrl: string;
  contentUrl?: string;
  url: string;
  publication?: { '@type': 'BroadcastEvent'; isLiveBroadcast: true; startDate?: string };
  expires?: string;
}

export function videoObjectJsonLd(input: VideoObjectInput): VideoObjectJsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: input.name,
    // Search engines require a description; the title stands in when upstream has none.
    description: input.description === '' ? input.name : input.description,
    ...(input.thumbnailUrl === undefined ? {} : { thumbnailUrl: [input.thumbnailUrl] }),
    ...(input.uploadDate === undefined ? {} : { uploadDate: input.uploadDate }),
    ...(input.duration === undefined ? {} : { duration: input.duration }),
    embedUrl: input.embedUrl,
    ...(input.contentUrl === undefined ? {} : { contentUrl: input.contentUrl }),
    url: input.url,
    ...(input.isLive ? { publication: { '@type': 'BroadcastEvent' as const, isLiveBroadcast: true as const, ...(input.startDate === undefined ? {} : { startDate: input.startDate }) } } : {}),
    ...(input.expires === undefined ? {} : { expires: input.expires }),
  };
}
