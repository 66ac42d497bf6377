/**
 * Models of the front components placed in layout regions (spec 1 §3, §9; spec 2 §2, §3), one zod
 * schema per component `type`. A layout keeps its components open (`{ type, model }`,
 * core/upstream/schemas.ts); the fronts loader (render-workers/shared/load-components.ts) validates
 * each model here and logs and skips a component whose type is unknown or whose model is invalid.
 *
 * | type | model |
 * |---|---|
 * | `article-list` | `articleListModelSchema` (schemas.ts), filled by article search; `rank` lists cap at 20 |
 * | `spotlight` | `{ title?; items: SpotlightItem[] }` curated spotlight items (twocross or bigtop) |
 * | `summary` | `{ title?; items: unknown[] }`, each item validated by its `content_type` |
 * | `recirculation` | `{ title?; items: { title; url; imageUrl?; source?; isExternal = false }[] }` |
 * | `business-sites` | `{ title?; items: { link; alt; image }[] }` |
 * | `business-news` | `{ title?; site: { name; url }; items: BusinessNewsItem[] }` |
 * | `newsletter-promo` | `newsletterPromoModelSchema` (schemas.ts) |
 * | `contact-form` | `{ formId; location = true; labels; placeholders; messages }` (defaults below) |
 * | `merchandise` | `{ title?; items: MerchandiseItem[] }` |
 * | `timeline` | `{ title?; items: { label; url; time }[] }` |
 * | `stocks` | `{ title?; items: { ticker; url; description?; current; netChange; percentChange }[] }` |
 * | `promo-slideshow` | `{ slides: { image; imageAlt?; showTitle; title; url; buttonLabel? }[] }` |
 * | `ad` | `{ sizes: string[]; id?; placement?: { repeat; startPosition; max } }` |
 * | `tv-schedule` | `{ title = 'TV Schedule'; channel = 'news'; dt? }` (below; dt only for the sample week) |
 */
import { z } from 'zod';
import { isScheduleDate } from '../isomorphic/schedule.js';

const text = z.string();
const optionalText = z.string().optional();
const dateText = z.string();
const title = { title: optionalText };

// ---------------------------------------------------------------------------------------------
// Article list and spotlight items (spec 1 §3)

export const frontArticleItemSchema = z.looseObject({
  title: text,
  url: text,
  imageUrl: optionalText,
  description: optionalText,
  category: z.looseObject({ name: text, url: text }).optional(),
  publicationDate: dateText.optional(),
  lastPublishedDate: dateText.optional(),
  duration: optionalText,
  isBreaking: z.boolean().default(false),
  isDeveloping: z.boolean().default(false),
  isLive: z.boolean().default(false),
  /** `avatar`: the author's headshot, shown 48x48 in lists (spec 1 §9) by the spec 1 §5 rule. */
  authors: z.array(z.looseObject({ name: text, avatar: optionalText })).default([]),
  /** The article's source; absent means the publisher's own (spec 1 §3 defaults). */
  source: z.looseObject({ name: text }).optional(),
});

/** Spotlight image sizes: bigtop 920x518, twocross 454x256 (spec 1 §9). */
export const SPOTLIGHT_DIMENSION_TYPES = ['twocross', 'bigtop'] as const;

export const spotlightItemSchema = frontArticleItemSchema.extend({
  kickerText: optionalText,
  eyebrowType: optionalText,
  imageCopyright: optionalText,
  dek: optionalText,
  dimensionType: z.enum(SPOTLIGHT_DIMENSION_TYPES).default('twocross'),
  isVideo: z.boolean().default(false),
  isShared: z.boolean().default(false),
  originationStation: optionalText,
  relatedArticles: z.array(z.looseObject({ title: text, url: text, duration: optionalText })).default([]),
});
export type SpotlightItemModel = z.infer<typeof spotlightItemSchema>;

export const spotlightModelSchema = z.looseObject({ ...title, items: z.array(spotlightItemSchema).min(1) });

// ---------------------------------------------------------------------------------------------
// Summary items by content_type (spec 1 §3 "Summary items")

export const SUMMARY_CONTENT_TYPES = ['text', 'list', 'external_link', 'article', 'video', 'brightcove_video'] as const;

export const summaryItemSchema = z.discriminatedUnion('content_type', [
  /** `text` is inline HTML, stripped of unsafe tags (spec 1 §5). */
  z.looseObject({ content_type: z.literal('text'), text }),
  z.looseObject({ content_type: z.literal('list'), title: optionalText, items: z.array(text) }),
  z.looseObject({ content_type: z.literal('external_link'), title: text, url: text, description: optionalText }),
  z.looseObject({ content_type: z.literal('article'), title: text, url: text, description: optionalText, imageUrl: optionalText, publicationDate: dateText.optional() }),
  z.looseObject({ content_type: z.literal('video'), title: text, url: text, imageUrl: optionalText, duration: optionalText }),
  z.looseObject({ content_type: z.literal('brightcove_video'), videoId: text, title: text, imageUrl: optionalText, duration: optionalText }),
]);
export type SummaryItemModel = z.infer<typeof summaryItemSchema>;

/** Items stay open here: each is validated alone so one bad item skips only itself. */
export const summaryModelSchema = z.looseObject({ ...title, items: z.array(z.unknown()) });

// ---------------------------------------------------------------------------------------------
// Recirculation, business cards (spec 1 §3, spec 2 §2)

export const recirculationModelSchema = z.looseObject({
  ...title,
  items: z.array(z.looseObject({ title: text, url: text, imageUrl: optionalText, source: optionalText, isExternal: z.boolean().default(false) })),
});

export const businessSitesModelSchema = z.looseObject({
  ...title,
  items: z.array(z.looseObject({ link: text, alt: text, image: text })),
});

export const businessNewsItemSchema = z.looseObject({
  title: text,
  url: text,
  /** Category label; "video" links to the business site's video page (spec 2 §2). */
  label: text,
  categoryUrl: text,
  publicationDate: dateText,
  description: optionalText,
});

export const businessNewsModelSchema = z.looseObject({
  ...title,
  /** The business site the footer link points to. */
  site: z.looseObject({ name: text, url: text }),
  items: z.array(businessNewsItemSchema),
});

// ---------------------------------------------------------------------------------------------
// Contact form (spec 1 §3, §5, §8)

export const CONTACT_FORM_DEFAULTS = {
  labels: { fullName: 'Full Name', email: 'Email', state: 'State', town: 'Town', message: 'Message', submit: 'Send' },
  placeholders: { fullName: 'Enter your full name', email: 'Enter your email', state: 'Select a state', town: 'Enter your town', message: 'Enter your message' },
  /** Spec 1 §8 "Contact form". */
  messages: { success: 'Your message has been sent!', error: 'An error occurred, please try again later.' },
} as const;

const L = CONTACT_FORM_DEFAULTS.labels;
const P = CONTACT_FORM_DEFAULTS.placeholders;
const M = CONTACT_FORM_DEFAULTS.messages;

export const contactFormModelSchema = z.looseObject({
  formId: text,
  /** The location flag: shows the state and town fields. */
  location: z.boolean().default(true),
  labels: z
    .looseObject({
      fullName: text.default(L.fullName),
      email: text.default(L.email),
      state: text.default(L.state),
      town: text.default(L.town),
      message: text.default(L.message),
      submit: text.default(L.submit),
    })
    .prefault({}),
  placeholders: z
    .looseObject({
      fullName: text.default(P.fullName),
      email: text.default(P.email),
      state: text.default(P.state),
      town: text.default(P.town),
      message: text.default(P.message),
    })
    .prefault({}),
  messages: z.looseObject({ success: text.default(M.success), error: text.default(M.error) }).prefault({}),
});
export type ContactFormModel = z.infer<typeof contactFormModelSchema>;

// ---------------------------------------------------------------------------------------------
// Merchandise, timeline, stocks, promo slideshow (spec 1 §3, spec 2 §2)

export const merchandiseModelSchema = z.looseObject({
  ...title,
  items: z.array(
    z.looseObject({
      title: text,
      description: optionalText,
      url: text,
      imageUrl: optionalText,
      author: z.looseObject({ name: text, url: optionalText }).optional(),
      buttons: z.array(z.looseObject({ label: text, url: text })).default([]),
    }),
  ),
});

export const timelineModelSchema = z.looseObject({
  ...title,
  items: z.array(z.looseObject({ label: text, url: text, time: text })),
});

export const stocksModelSchema = z.looseObject({
  ...title,
  items: z.array(
    z.looseObject({ ticker: text, url: text, description: optionalText, current: z.number(), netChange: z.number(), percentChange: z.number() }),
  ),
});

export const promoSlideshowModelSchema = z.looseObject({
  slides: z
    .array(z.looseObject({ image: text, imageAlt: optionalText, showTitle: text, title: text, url: text, buttonLabel: optionalText }))
    .min(1),
});

// ---------------------------------------------------------------------------------------------
// Ads (spec 1 §5, §9)

/** Spec 1 §5 validation message. */
export const AD_SIZES_MESSAGE = 'Ad slot sizes must be a list of strings';

export const frontAdModelSchema = z.looseObject({
  sizes: z.array(z.string({ error: AD_SIZES_MESSAGE }), { error: AD_SIZES_MESSAGE }).min(1, { error: AD_SIZES_MESSAGE }),
  id: z.string().regex(/^[A-Za-z][\w-]{0,63}$/).optional(),
  /**
   * "Fires when position mod repeat equals startPosition, index capped at max" (spec 1 §9): with a
   * placement the ad repeats after the region's components instead of sitting where it is listed.
   */
  placement: z
    .looseObject({ repeat: z.number().int().min(1), startPosition: z.number().int().min(0), max: z.number().int().min(1).max(20) })
    .optional(),
});
export type FrontAdModel = z.infer<typeof frontAdModelSchema>;

// ---------------------------------------------------------------------------------------------
// Layout flags

/** Section-layout fields beyond the regions: `takeover` gives the body its takeover variant (spec 1 §2.4). */
export const frontLayoutFlagsSchema = z.looseObject({ takeover: z.boolean().default(false) });

// ---------------------------------------------------------------------------------------------
// TV schedule widget (spec 2 §2-§4, §8, §9): the TvSchedule island, fed by GET /api/schedule.

export const TV_SCHEDULE_DEFAULT_TITLE = 'TV Schedule';

export const tvScheduleModelSchema = z.looseObject({
  title: text.default(TV_SCHEDULE_DEFAULT_TITLE),
  /** The tab selected first: the news or the business channel. */
  channel: z.enum(['news', 'business']).default('news'),
  /**
   * A fixed day, YYYY-MM-DD. Only for layouts showing a fixed week, such as the sample upstream's
   * (its feed covers 2022-03-28..2022-04-03); real layouts omit it and the schedule shows today.
   */
  dt: z.string().refine(isScheduleDate, 'must be a real day, YYYY-MM-DD').optional(),
});
export type TvScheduleModel = z.infer<typeof tvScheduleModelSchema>;
