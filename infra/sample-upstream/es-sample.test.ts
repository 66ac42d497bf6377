/**
 * The sample's own texts that the Spanish edition showed in English (390 px screenshots): video
 * descriptions and episode titles, Fox Nation titles, person bios and the person page's "Her Beat",
 * show air days, the newsletter promos' description and "Arrives" days, the sample articles'
 * bodies, the live events (their live-blog updates and layout included) and the static pages. Read
 * through the server as the Spanish edition reads them (accept-language: es), so the translation
 * hook is the one under test.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createDataset } from './data/index.js';
import { LIVE_BLOG_FEEDS, LIVE_EVENTS } from './data/live-events.js';
import { MOXIE_PLAYLISTS } from './data/live-playlist.js';
import { PEOPLE } from './data/people.js';
import { SHOWS } from './data/shows.js';
import { STATIC_PAGES } from './data/static-pages.js';
import { VIDEOS } from './data/videos.js';
import { buildSampleUpstream } from './server.js';
import { translateJsonBody, translationFor } from './translation.js';

const app = buildSampleUpstream();
afterAll(() => app.close());

async function get<T>(url: string, language?: 'es'): Promise<T> {
  const response = await app.inject({ url, headers: language === undefined ? {} : { 'accept-language': language } });
  expect(response.statusCode, url).toBe(200);
  return response.json<T>();
}

interface Envelope<T> {
  data: { results: T[] };
}

type Model = Record<string, unknown>;
interface Layout {
  subtype: string;
  elementId: string;
  [region: string]: unknown;
}

/** The newsletter promos' models of a layout answer, in every region. */
function newsletterPromos(layout: Layout): Model[] {
  return Object.values(layout)
    .filter((region): region is { type: string; model: Model }[] => Array.isArray(region))
    .flat()
    .filter((component) => component.type === 'newsletter-promo')
    .map((component) => component.model);
}

const layouts = createDataset().layouts as Layout[];
const layoutUrl = (layout: Layout) => `/layouts?subtype=${encodeURIComponent(layout.subtype)}&elementId=${encodeURIComponent(layout.elementId)}`;

/**
 * The props of a body block a reader sees (core/upstream/block-schemas.ts): paragraphs, headings, list
 * items, quotes and their attributions, captions, alt text, table cells, the titles and descriptions of
 * embeds, slides and weather items, raw HTML. Ids, URLs, credits (copyright, a slide's source) and the
 * network of a shared video are names, not text.
 */
const BODY_TEXT_KEYS: ReadonlySet<string> = new Set(['text', 'items', 'title', 'dek', 'description', 'caption', 'imageAlt', 'alt', 'attribution', 'linkText', 'endText', 'html']);
/** Body texts that read the same in Spanish (they have their entry all the same). */
const SAME_IN_SPANISH: ReadonlySet<string> = new Set(['Total']);

/**
 * The reader-facing texts of an answer, the strings under `keys` (BODY_TEXT_KEYS for an article's body
 * blocks), each with where it is ("components[3].props.text"); numbers left out.
 */
function readerTexts(value: unknown, where: string, keys: ReadonlySet<string> = BODY_TEXT_KEYS, key = ''): [string, string][] {
  if (typeof value === 'string') return keys.has(key) && /\p{L}/u.test(value) ? [[where, value]] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => readerTexts(item, `${where}[${i}]`, keys, key));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value)
    .filter(([name]) => name !== 'source')
    .flatMap(([name, item]) => readerTexts(item, `${where}.${name}`, keys, name));
}

/** An article answer's tag and section labels (not their slugs or paths), as the article page shows them. */
interface ArticleLabels {
  header?: { category?: string; headerCategory?: { name?: string } };
  fn__tags?: { title?: string }[];
  wp__tags?: { title?: string }[];
  wp__category?: { title?: string };
}

function articleLabels(article: ArticleLabels | undefined): [string, string | undefined][] {
  return [
    ['header.category', article?.header?.category],
    ['header.headerCategory.name', article?.header?.headerCategory?.name],
    ['wp__category.title', article?.wp__category?.title],
    ...(article?.fn__tags ?? []).map((tag, i): [string, string | undefined] => [`fn__tags[${i}].title`, tag.title]),
    ...(article?.wp__tags ?? []).map((tag, i): [string, string | undefined] => [`wp__tags[${i}].title`, tag.title]),
  ];
}

/**
 * Tag labels that stay as they are in Spanish: the two series' names (their banners keep them too,
 * data/rule-articles.ts SPECIAL_SERIES), and words that read the same (they have their entry all the same).
 */
const LABELS_KEPT: ReadonlySet<string> = new Set(['America Together', 'Around the States', 'Diabetes', 'Eclipse', 'Streaming']);

/** An article answer as the two tests below read it. */
type ArticleAnswer = ArticleLabels & { components?: unknown };

/** A sample page as the tests below read it: its name in a failure, and its answer in English or in Spanish. */
interface SamplePage<T> {
  name: string;
  read: (language?: 'es') => Promise<T>;
}

/** Every sample article, its answer the first result of /api/article. */
const articlePages: SamplePage<ArticleAnswer | undefined>[] = createDataset().articles.map((article) => {
  const path = new URL(article.canonical_url).pathname;
  const url = `/api/article?path=${encodeURIComponent(path)}`;
  return { name: path, read: async (language) => (await get<Envelope<ArticleAnswer>>(url, language)).data.results[0] };
});

/**
 * A page the site builds from several upstream answers: `parts` names each answer's address (undefined
 * for one the page does not have); an envelope stands for its first result.
 */
function pageOfParts(name: string, parts: Readonly<Record<string, string | undefined>>): SamplePage<Record<string, unknown>> {
  return {
    name,
    read: async (language) => {
      const answers: Record<string, unknown> = {};
      for (const [part, url] of Object.entries(parts)) {
        if (url === undefined) continue;
        const answer = await get<Partial<Envelope<unknown>>>(url, language);
        answers[part] = answer.data?.results[0] ?? answer;
      }
      return answers;
    },
  };
}

/** Each part's texts under `keys`, where each is named after its part ("event.dek", "layout.main[0].model.title"). */
const partTexts =
  (keys: ReadonlySet<string>) =>
  (answers: Record<string, unknown> | undefined): [string, string][] =>
    Object.entries(answers ?? {}).flatMap(([part, answer]) => readerTexts(answer, part, keys));

/**
 * The props a live-event or static page shows besides a body block's (BODY_TEXT_KEYS): a live event's
 * eyebrow, a video's category and duration ("LIVE"), a live-blog update's headline and body, a page's
 * meta title and description. Ids, paths, ad values and event codes are not text.
 */
const PAGE_TEXT_KEYS: ReadonlySet<string> = new Set([...BODY_TEXT_KEYS, 'eyebrow', 'category', 'duration', 'headline', 'articleBody', 'meta_title', 'meta_description']);

/** Every sample live event as its /coverage page reads it: the event, its live blog's updates when the feed has some, its layout when it has one. */
const liveEventPages = Object.entries(LIVE_EVENTS).map(([path, event]) => {
  const { providerId, eventCode } = event.liveBlog ?? { providerId: '', eventCode: '' };
  const layout = layouts.find((record) => record.subtype === 'liveEvent' && record.elementId === path.replace(/\//g, ''));
  return pageOfParts(path, {
    event: `/api/live-event?path=${encodeURIComponent(path)}`,
    liveBlog: LIVE_BLOG_FEEDS[eventCode] === undefined ? undefined : `/live-blog/${encodeURIComponent(providerId)}/${encodeURIComponent(eventCode)}/seo.json`,
    layout: layout === undefined ? undefined : layoutUrl(layout),
  });
});

/** Every sample static page as the site reads it: the page, and its layout (subtype static, by path) when it has one. */
const staticPages = STATIC_PAGES.map(({ path }) => {
  const layout = layouts.find((record) => record.subtype === 'static' && record.elementId === path);
  return pageOfParts(path, { page: `/api/staticpage?path=${encodeURIComponent(path)}`, layout: layout === undefined ? undefined : layoutUrl(layout) });
});

/** A live event's texts that stay as they are: a video category that reads the same in Spanish (it has its entry all the same). */
const LIVE_EVENT_TEXTS_KEPT: ReadonlySet<string> = new Set(['Video']);

/**
 * A static page's texts that stay as they are: the brands' names (the Fox Nation TV and Fox News Go
 * pages' titles, the /schedule page's two channel guides), and the translation statement, which the
 * dataset already has in Spanish.
 */
const STATIC_TEXTS_KEPT: ReadonlySet<string> = new Set([
  'Fox Nation TV',
  'Fox News Go',
  'Fox News Channel',
  'Fox Business',
  ...readerTexts(
    STATIC_PAGES.find((record) => record.path === '/translation-statement'),
    'page',
    PAGE_TEXT_KEYS,
  ).map(([, text]) => text),
]);

/**
 * Reads every page in English and in Spanish through the server and lists the texts (`texts`: where
 * each is, and the text) that the Spanish answer serves unchanged, apart from `kept`, as
 * "<page> <where>: <text>"; `read` counts the English texts looked at.
 */
async function textsLeftInEnglish<T>(pages: readonly SamplePage<T>[], texts: (answer: T) => [string, string | undefined][], kept: ReadonlySet<string>): Promise<{ english: string[]; read: number }> {
  const english: string[] = [];
  let read = 0;
  for (const page of pages) {
    const spanish = new Map(texts(await page.read('es')));
    for (const [where, text] of texts(await page.read())) {
      if (text === undefined) continue;
      read += 1;
      if (spanish.get(where) === text && !kept.has(text)) english.push(`${page.name} ${where}: ${text}`);
    }
  }
  return { english, read };
}

describe('the es sample in Spanish', () => {
  it('describes every video in Spanish, under a Spanish title, episodes included', async () => {
    for (const video of VIDEOS) {
      const [es] = (await get<Envelope<{ title: string; description: string }>>(`/api/videos?external_id=${encodeURIComponent(video.external_id)}&size=1`, 'es')).data.results;
      expect(es?.title, video.external_id).not.toBe(video.title);
      expect(es?.description, video.external_id).toMatch(/^.+\. Un video de muestra de la sección [^.]+\.$|^.+\. Un video de muestra de la sección EE\. UU\.$/);
      expect(es?.description).not.toContain('A sample video for the');
    }
    const [episode] = (await get<Envelope<{ description: string }>>('/api/videos?slug=evening-report-week-in-review&size=1', 'es')).data.results;
    expect(episode?.description).toBe('The Evening Report: resumen de la semana. Un video de muestra de la sección Programas.');
    const [us] = (await get<Envelope<{ description: string }>>('/api/videos?slug=storm-damage-midwest&size=1', 'es')).data.results;
    expect(us?.description).toBe('Daños por la tormenta en el Medio Oeste. Un video de muestra de la sección EE. UU.');
    // The news edition keeps the English.
    const [news] = (await get<Envelope<{ description: string }>>('/api/videos?slug=inflation-report-five-charts&size=1')).data.results;
    expect(news?.description).toBe('Inflation report in five charts. A sample video for the us section.');
  });

  it('leaves a video description in English when its section has no Spanish', () => {
    const es = translationFor('es', '/api/videos');
    if (es === null) throw new Error('no Spanish table');
    const body = { description: 'Senators react. A sample video for the unknown section.' };
    expect(JSON.parse(translateJsonBody(JSON.stringify(body), es))).toEqual(body);
  });

  it('titles the Fox Nation picks in Spanish', async () => {
    const { videos } = await get<{ videos: { title: string }[] }>('/moxie/playlists/fox-nation-picks.json', 'es');
    const english = MOXIE_PLAYLISTS['fox-nation-picks']?.videos.map((video) => video.title) ?? [];
    expect(videos.length).toBe(english.length);
    for (const [i, video] of videos.entries()) expect(video.title).not.toBe(english[i]);
  });

  it('gives the people Spanish bios, with the markup the sanitizer is tested on kept', async () => {
    const people = (await get<Envelope<Model>>('/api/person?all=true', 'es')).data.results;
    for (const english of PEOPLE) {
      const es = people.find((person) => person.personSlug === english.personSlug) ?? {};
      for (const field of ['shortBio', 'metaDescription'] as const) {
        if (english[field] !== undefined) expect(es[field], `${english.personSlug} ${field}`).not.toBe(english[field]);
      }
      for (const [i, paragraph] of (english.fullBio ?? []).entries()) expect((es.fullBio as string[])[i]).not.toBe(paragraph);
      const texts = (person: Model) => (person.content as { model: { text: string } }[] | undefined)?.map((block) => block.model.text) ?? [];
      const spanish = texts(es);
      for (const [i, text] of texts(english).entries()) expect(spanish[i], english.personSlug).not.toBe(text);
    }
    const grace = people.find((person) => person.personSlug === 'grace-holloway');
    expect(grace?.shortBio).toContain('<strong>Morning Report</strong> de lunes a viernes.<script>alert(1)</script> <span>');
  });

  it('names the shows\' air days in Spanish', async () => {
    const shows = (await get<Envelope<{ id: string; airtimeDays?: string; airtime?: string }>>('/api/shows?searchType=all', 'es')).data.results;
    expect(shows.length).toBe(SHOWS.length);
    for (const show of shows) expect(['Weekdays', 'Fridays', 'Saturday and Sunday']).not.toContain(show.airtimeDays);
    expect(shows.find((show) => show.id === 'the-evening-report')).toMatchObject({ airtimeDays: 'De lunes a viernes', airtime: '7 p. m. ET' });
  });

  it('translates the person page\'s "Her Beat" and every newsletter promo\'s description and days', async () => {
    const person = (await get<Envelope<Layout>>('/layouts?subtype=person&elementId=sarah-whitfield', 'es')).data.results[0];
    const text = JSON.stringify(person);
    for (const english of ['Her Beat', 'Sarah covers', 'Campaign finance', 'Rural policy']) expect(text).not.toContain(english);
    expect(text).toContain('"title":"Su cobertura"');

    let promos = 0;
    for (const layout of layouts) {
      const englishPromos = newsletterPromos(layout);
      if (englishPromos.length === 0) continue;
      const es = (await get<Envelope<Layout>>(layoutUrl(layout), 'es')).data.results[0];
      for (const [i, promo] of newsletterPromos(es ?? { subtype: '', elementId: '' }).entries()) {
        promos += 1;
        expect(promo.title, layout.elementId).not.toBe(englishPromos[i]?.title);
        expect(promo.description, layout.elementId).not.toBe(englishPromos[i]?.description);
        expect(promo.description).toMatch(/, en su correo\.$/);
        expect(promo.arrives).toBe('De lunes a viernes');
      }
    }
    expect(promos).toBeGreaterThan(10);
  });

  it('serves every sample article\'s body in Spanish: no paragraph, heading, list item, quote, caption, alt text or table cell left in English', async () => {
    const { english, read } = await textsLeftInEnglish(articlePages, (article) => readerTexts(article?.components, 'components'), SAME_IN_SPANISH);
    // Each entry names the article and the block: add its Spanish to data/es-text.ts.
    expect(english).toEqual([]);
    // Every article was read: the 59 state briefs' two paragraphs alone are 118 texts.
    expect(read).toBeGreaterThan(400);
  });

  it("serves every sample article's tag and section labels in Spanish, series names and words that read the same apart", async () => {
    const { english, read } = await textsLeftInEnglish(articlePages, articleLabels, LABELS_KEPT);
    // Each entry names the article and the label: add its Spanish to data/es-text.ts.
    expect(english).toEqual([]);
    // Every article was read: each has its section three times and at least one tag.
    expect(read).toBeGreaterThan(400);
  });

  it("serves the section fronts' own blocks in Spanish: /world's story package, text list, timeline and slider, /lifestyle's commerce card", async () => {
    const front = (elementId: string) => layouts.find((layout) => layout.elementId === elementId);
    const world = front('/world');
    const lifestyle = front('/lifestyle');
    if (world === undefined || lifestyle === undefined) throw new Error('the sample has no /world or /lifestyle layout');
    const english = JSON.stringify(await get<unknown>(layoutUrl(world))) + JSON.stringify(await get<unknown>(layoutUrl(lifestyle)));
    const spanish = JSON.stringify(await get<unknown>(layoutUrl(world), 'es')) + JSON.stringify(await get<unknown>(layoutUrl(lifestyle), 'es'));
    for (const [en, es] of [
      ['How the Bill Moved', 'El recorrido del proyecto'],
      ['Tonight: the broadband vote', 'Esta noche: la votación sobre la banda ancha'],
      ['Read the bill text', 'Lea el texto del proyecto'],
      ['The bill now heads to the full Senate.', 'El proyecto pasa ahora al pleno del Senado.'],
      ['Cast iron skillet', 'Sartén de hierro fundido'],
    ]) {
      expect(english).toContain(`"${en}"`);
      expect(spanish).toContain(`"${es}"`);
      expect(spanish).not.toContain(`"${en}"`);
    }
  });

  it('serves every sample live event in Spanish: no title, dek, eyebrow, video title, live-blog update or layout heading left in English', async () => {
    const { english, read } = await textsLeftInEnglish(liveEventPages, partTexts(PAGE_TEXT_KEYS), LIVE_EVENT_TEXTS_KEPT);
    // Each entry names the live event's path and the field: add its Spanish to data/es-text.ts.
    expect(english).toEqual([]);
    // Every event was read: the four events' headers, the election night's videos and updates, the /coverage hub's list, 47 texts in all.
    expect(read).toBeGreaterThan(40);
  });

  it('serves every sample static page in Spanish: no title, meta text, paragraph, heading, list item or link left in English, brand names apart', async () => {
    const { english, read } = await textsLeftInEnglish(staticPages, partTexts(PAGE_TEXT_KEYS), STATIC_TEXTS_KEPT);
    // Each entry names the page's path and the field: add its Spanish to data/es-text.ts.
    expect(english).toEqual([]);
    // Every page was read: 20 pages, each with a title, a meta description and a body, 144 texts in all.
    expect(read).toBeGreaterThan(130);
  });

  it('heads the /newsletters page\'s lists with Spanish delivery days', async () => {
    const page = (await get<Envelope<{ components: { kind: string; props: { text?: string } }[] }>>('/api/staticpage?path=/newsletters', 'es')).data.results[0];
    const headings = page?.components.filter((component) => component.kind === 'heading').map((component) => component.props.text);
    expect(headings).toEqual(['A diario', 'Cada semana']);
  });
});

describe('the sample newsletters in English', () => {
  it('describe what each sends in a sentence that reads correctly', () => {
    const descriptions = new Set(layouts.flatMap(newsletterPromos).map((promo) => promo.description as string));
    expect([...descriptions].sort()).toEqual([
      'Highlights from The Evening Report, in your inbox.',
      "The day's top U.S. stories, in your inbox.",
      "The day's top election stories, in your inbox.",
      "The day's top entertainment stories, in your inbox.",
      "The day's top headlines, in your inbox.",
      "The day's top health stories, in your inbox.",
      "The day's top lifestyle stories, in your inbox.",
      "The day's top opinion stories, in your inbox.",
      "The day's top politics stories, in your inbox.",
      "The day's top sports stories, in your inbox.",
      "The day's top world stories, in your inbox.",
    ]);
  });
});
