/** Small builders for article body blocks (spec 1 §3 "Block types"), so the articles read as text. */
import { sampleImage } from './images.js';

// A type alias, not an interface, so it is assignable to the schema's loose (index-signature) type.
export type BlockRecord = { kind: string; props: Record<string, unknown> };

export const paragraph = (text: string): BlockRecord => ({ kind: 'paragraph', props: { text } });

export const heading = (text: string, level = 2): BlockRecord => ({ kind: 'heading', props: { text, level } });

export const list = (items: string[], ordered = false): BlockRecord => ({ kind: 'list', props: { ordered, items } });

export const pullQuote = (text: string, attribution?: string): BlockRecord => ({
  kind: 'pull-quote',
  props: attribution === undefined ? { text } : { text, attribution },
});

export function image(name: string, alt: string, caption: string, copyright: string, isSpotlight = false): BlockRecord {
  const url = sampleImage(name);
  return {
    kind: 'article-image',
    props: {
      url,
      baseImage: url,
      type: 'image',
      imageAlt: alt,
      isSpotlight,
      caption,
      copyright,
      width: 1200,
      height: 675,
      responsiveImages: [
        { media: '(max-width: 767px)', srcset: `${url}?w=343 1x, ${url}?w=686 2x` },
        { media: '(min-width: 768px)', srcset: `${url}?w=931 1x, ${url}?w=1862 2x` },
      ],
    },
  };
}

interface CellOptions {
  isHeader?: boolean;
  colSpan?: number;
  rowSpan?: number;
}

export const cell = (text: string, options: CellOptions = {}) => ({ text, ...options });
export const th = (text: string, options: CellOptions = {}) => cell(text, { ...options, isHeader: true });

export function table(caption: string, headerRows: ReturnType<typeof cell>[][], rows: ReturnType<typeof cell>[][]): BlockRecord {
  return { kind: 'table', props: { caption, headerRows, rows } };
}

// ---------------------------------------------------------------------------------------------
// The other block kinds (core/upstream/block-schemas.ts has each kind's props).

export const rawHtml = (html: string): BlockRecord => ({ kind: 'raw-html', props: { html } });

export const externalLink = (url: string, title: string, description?: string, imageUrl?: string): BlockRecord => ({
  kind: 'external-link',
  props: { url, title, newWindow: true, ...(description === undefined ? {} : { description }), ...(imageUrl === undefined ? {} : { imageUrl }) },
});

/** The props of an article image, for `images` and `full-span-image` too. */
export function imageProps(name: string, alt: string, caption: string, copyright: string): Record<string, unknown> {
  const block = image(name, alt, caption, copyright);
  return block.props;
}

export const images = (items: Record<string, unknown>[]): BlockRecord => ({ kind: 'images', props: { items } });

export const fullSpanImage = (name: string, alt: string, caption: string, copyright: string): BlockRecord => ({
  kind: 'full-span-image',
  props: imageProps(name, alt, caption, copyright),
});

export function relatedMedia(type: 'image' | 'video' | 'slideshow', title: string, url: string, imageName: string, caption?: string): BlockRecord {
  const imageUrl = sampleImage(imageName);
  return {
    kind: 'related-media',
    props: { type, title, url, imageUrl, originalImageUrl: imageUrl, newWindow: false, ...(caption === undefined ? {} : { caption }) },
  };
}

interface VideoSpec {
  videoId: string;
  title: string;
  imageName: string;
  duration?: string;
}

function videoProps(spec: VideoSpec): Record<string, unknown> {
  return {
    videoId: spec.videoId,
    title: spec.title,
    videoDomain: 'video.foxnews.com',
    url: `/video/${spec.videoId}`,
    imageUrl: sampleImage(spec.imageName),
    type: 'video',
    ...(spec.duration === undefined ? {} : { duration: spec.duration }),
  };
}

export const inlineVideo = (spec: VideoSpec): BlockRecord => ({ kind: 'inline-video', props: videoProps(spec) });
export const featuredVideo = (spec: VideoSpec): BlockRecord => ({ kind: 'featured-video', props: videoProps(spec) });

export function slider(title: string, items: { name: string; title: string; url: string; alt: string; caption?: string }[]): BlockRecord {
  return {
    kind: 'slider',
    props: {
      title,
      items: items.map((item) => ({
        imageUrl: sampleImage(item.name),
        title: item.title,
        url: item.url,
        imageAlt: item.alt,
        ...(item.caption === undefined ? {} : { caption: item.caption }),
      })),
    },
  };
}

/** One slideshow item (spec 1 §3 Slideshow entity); `alt` undefined exercises the caption fallback. */
export interface SlideSpec {
  name: string;
  alt?: string;
  caption: string;
  copyright: string;
  source?: string;
}

export function slideshowItem(slide: SlideSpec, index: number): Record<string, unknown> {
  const url = sampleImage(slide.name);
  return {
    imageId: `img-${slide.name.replace(/[^a-z0-9]+/gi, '-')}-${index + 1}`,
    imageUrl: url,
    imageOrig: url,
    imageThumb: `${url}?w=200`,
    imageFull: `${url}?w=1862`,
    responsiveImages: [
      { media: '(max-width: 767px)', srcset: `${url}?w=343 1x, ${url}?w=686 2x` },
      { media: '(min-width: 768px)', srcset: `${url}?w=931 1x, ${url}?w=1862 2x` },
    ],
    ...(slide.alt === undefined ? {} : { alt: slide.alt }),
    caption: slide.caption,
    copyright: slide.copyright,
    ...(slide.source === undefined ? {} : { source: { title: slide.source } }),
  };
}

export function slideshow(spec: { title: string; dek: string; url: string; lastMod: string; slides: SlideSpec[] }): BlockRecord {
  return {
    kind: 'slideshow',
    props: {
      title: spec.title,
      dek: spec.dek,
      url: spec.url,
      lastMod: spec.lastMod,
      imgCount: spec.slides.length,
      items: spec.slides.map(slideshowItem),
    },
  };
}

export const facebookPost = (url: string): BlockRecord => ({ kind: 'facebook-post', props: { url } });
export const instagram = (url: string, hideCaption = false): BlockRecord => ({ kind: 'instagram', props: { url, hideCaption } });

export const tweet = (id: string, options: { hideThread?: boolean; hideMedia?: boolean; darkTheme?: boolean } = {}): BlockRecord => ({
  kind: 'tweet',
  props: { id, url: `https://twitter.com/example_newsroom/status/${id}`, hideThread: false, hideMedia: false, darkTheme: false, ...options },
});

export const tiktok = (videoId: string): BlockRecord => ({
  kind: 'tiktok',
  props: { url: `https://www.tiktok.com/@example_newsroom/video/${videoId}`, videoId },
});
export const vimeo = (videoId: string, title: string): BlockRecord => ({ kind: 'vimeo', props: { videoId, title } });
export const youtube = (videoId: string, title: string, start?: number): BlockRecord => ({
  kind: 'youtube',
  props: { videoId, title, ...(start === undefined ? {} : { start }) },
});
export const sharedVideo = (url: string, title: string, imageName: string, network: string): BlockRecord => ({
  kind: 'shared-video',
  props: { url, title, imageUrl: sampleImage(imageName), network },
});
export const pdf = (url: string, linkText: string, height = 800): BlockRecord => ({ kind: 'pdf', props: { url, height, linkText } });
export const liveBlog = (eventCode: string, title: string): BlockRecord => ({ kind: 'live-blog', props: { eventCode, title } });

export function weatherList(title: string, items: { title: string; url: string; imageName: string; description: string }[]): BlockRecord {
  return {
    kind: 'weather-list',
    props: { title, items: items.map((item) => ({ title: item.title, url: item.url, imageUrl: sampleImage(item.imageName), description: item.description })) },
  };
}

export const ad = (sizes: string[], id?: string, devices?: ('desktop' | 'tablet' | 'mobile')[]): BlockRecord => ({
  kind: 'ad',
  props: { sizes, ...(id === undefined ? {} : { id }), ...(devices === undefined ? {} : { devices }) },
});
