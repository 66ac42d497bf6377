/**
 * Slideshow articles (spec 1 §2.6 "Slideshow page", §3 Slideshow): fn__legacy_type 'slideshow',
 * all in Lifestyle so "Recommended" (article search: 6 slideshows of the same category, 5 shown
 * without the current one, spec 1 §9) always has five to show. The first one exercises the item
 * rules: an item without alt (falls back to the caption) and a copyright of a single space (blank).
 * The places and pictures are fictional.
 */
import { deepFreeze } from './frozen.js';
import { article } from './articles.js';
import { paragraph, slideshow, type SlideSpec } from './blocks.js';
import { MARCUS_DELGADO, RUTH_ELLIS } from './people.js';
import type { ArticleRecord, PersonRecord } from './types.js';

interface SlideshowSpec {
  id: string;
  slug: string;
  title: string;
  dek: string;
  published: string;
  author: PersonRecord;
  slides: SlideSpec[];
}

function slideshowArticle(spec: SlideshowSpec): ArticleRecord {
  return article({
    id: spec.id,
    section: 'lifestyle',
    slug: spec.slug,
    title: spec.title,
    dek: spec.dek,
    author: spec.author,
    published: spec.published,
    tags: ['slideshow', 'travel'],
    blocks: [
      paragraph(spec.dek),
      slideshow({ title: spec.title, dek: spec.dek, url: `/lifestyle/${spec.slug}`, lastMod: spec.published, slides: spec.slides }),
    ],
    extra: { fn__legacy_type: 'slideshow', meta_title: `${spec.title} | Slideshow` },
  });
}

/** Three quick slides for the slideshows that only fill "Recommended". */
function slides(topic: string, subjects: string[]): SlideSpec[] {
  return subjects.map((subject) => ({
    name: `lifestyle/${topic}-${subject.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    alt: `${subject}, photographed for the slideshow`,
    caption: `${subject}.`,
    copyright: 'Sample Photo Service',
  }));
}

export const SLIDESHOWS: ArticleRecord[] = [
  slideshowArticle({
    id: 'art-3001',
    slug: 'lighthouses-of-the-great-lakes',
    title: 'Lighthouses of the Great Lakes, from Duluth to Buffalo',
    dek: 'Nine lights that still guide boats across the inland seas, and the keepers who restored them.',
    published: '2025-03-18T09:00:00Z',
    author: MARCUS_DELGADO,
    slides: [
      {
        name: 'lifestyle/lighthouse-red-brick-tower',
        alt: 'A red brick lighthouse tower on a rocky point at sunrise',
        caption: 'The red brick tower on the north shore was first lit in 1874 and automated in 1961.',
        copyright: 'Sample Photo Service',
        source: 'Great Lakes Lighthouse Society',
      },
      {
        // No alt: the page uses the caption instead (spec 1 §3 "alt (falls back to caption)").
        name: 'lifestyle/lighthouse-ice-covered-pier',
        caption: 'Spray from winter storms coats the pier light in ice several inches thick.',
        copyright: 'Sample Photo Service',
      },
      {
        name: 'lifestyle/lighthouse-keepers-quarters',
        alt: 'A white clapboard keeper’s house with green shutters beside a short light tower',
        caption: 'Volunteers restored the keeper’s quarters, which now house a small museum.',
        // A single space means no credit (spec 1 §3 "copyright (blank when a single space)").
        copyright: ' ',
        source: 'County Historical Society',
      },
      {
        name: 'lifestyle/lighthouse-fresnel-lens',
        alt: 'A large glass Fresnel lens with rings of prisms',
        caption: 'A third-order Fresnel lens, made in France, on display at the maritime museum.',
        copyright: 'Sample Photo Service',
      },
    ],
  }),
  slideshowArticle({
    id: 'art-3002',
    slug: 'small-town-diners-worth-the-detour',
    title: 'Small-town diners worth the detour',
    dek: 'Pie, coffee and a counter stool in six towns you might otherwise drive past.',
    published: '2025-03-16T09:00:00Z',
    author: RUTH_ELLIS,
    slides: slides('diner', ['A chrome counter', 'Cherry pie', 'A neon sign']),
  }),
  slideshowArticle({
    id: 'art-3003',
    slug: 'spring-gardens-in-bloom',
    title: 'Spring gardens in bloom across the South',
    dek: 'Azaleas, dogwoods and tulips at public gardens that open their gates this month.',
    published: '2025-03-14T09:00:00Z',
    author: RUTH_ELLIS,
    slides: slides('garden', ['Azalea walk', 'Dogwood grove', 'Tulip beds']),
  }),
  slideshowArticle({
    id: 'art-3004',
    slug: 'historic-train-depots-reborn',
    title: 'Historic train depots reborn as libraries and cafes',
    dek: 'Towns that lost their passenger trains found new uses for the stations.',
    published: '2025-03-12T09:00:00Z',
    author: MARCUS_DELGADO,
    slides: slides('depot', ['A brick depot library', 'A waiting-room cafe', 'A restored platform']),
  }),
  slideshowArticle({
    id: 'art-3005',
    slug: 'national-parks-in-winter',
    title: 'National parks in winter, without the crowds',
    dek: 'Snow, quiet trails and wildlife you will not see in July.',
    published: '2025-03-10T09:00:00Z',
    author: MARCUS_DELGADO,
    slides: slides('winter-park', ['A snowy canyon rim', 'Elk in a meadow', 'A frozen waterfall']),
  }),
  slideshowArticle({
    id: 'art-3006',
    slug: 'county-fair-blue-ribbon-winners',
    title: 'Blue-ribbon winners at the county fair',
    dek: 'Quilts, pies, pumpkins and one very proud rabbit.',
    published: '2025-03-08T09:00:00Z',
    author: RUTH_ELLIS,
    slides: slides('county-fair', ['A prize quilt', 'A giant pumpkin', 'A champion rabbit']),
  }),
  slideshowArticle({
    id: 'art-3007',
    slug: 'backyard-birds-of-early-spring',
    title: 'Backyard birds of early spring',
    dek: 'The first migrants arrive at feeders before the last snow melts.',
    published: '2025-03-06T09:00:00Z',
    author: RUTH_ELLIS,
    slides: slides('birds', ['A red-winged blackbird', 'An eastern bluebird', 'A pair of robins']),
  }),
];

// Served as copies, never changed in place (frozen.ts).
deepFreeze(SLIDESHOWS);
