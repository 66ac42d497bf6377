/**
 * The sample's own texts that the Spanish edition showed in English (390 px screenshots): video
 * descriptions and episode titles, Fox Nation titles, person bios and the person page's "Her Beat",
 * show air days, the newsletter promos' description and "Arrives" days, and the sample articles'
 * bodies. Read through the server as the Spanish edition reads them (accept-language: es), so the
 * translation hook is the one under test.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createDataset } from './data/index.js';
import { MOXIE_PLAYLISTS } from './data/live-playlist.js';
import { PEOPLE } from './data/people.js';
import { SHOWS } from './data/shows.js';
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

/** The reader-facing texts of an article's body blocks, each with where it is ("components[3].props.text"); numbers left out. */
function bodyTexts(value: unknown, where: string, key = ''): [string, string][] {
  if (typeof value === 'string') return BODY_TEXT_KEYS.has(key) && /\p{L}/u.test(value) ? [[where, value]] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => bodyTexts(item, `${where}[${i}]`, key));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value)
    .filter(([name]) => name !== 'source')
    .flatMap(([name, item]) => bodyTexts(item, `${where}.${name}`, name));
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

/**
 * Reads every sample article in English and in Spanish through the server and lists the texts
 * (`texts`: where each is, and the text) that the Spanish answer serves unchanged, apart from
 * `kept`, as "<path> <where>: <text>"; `read` counts the English texts looked at.
 */
async function articleTextsLeftInEnglish(texts: (article: ArticleAnswer | undefined) => [string, string | undefined][], kept: ReadonlySet<string>): Promise<{ english: string[]; read: number }> {
  const english: string[] = [];
  let read = 0;
  for (const article of createDataset().articles) {
    const path = new URL(article.canonical_url).pathname;
    const url = `/api/article?path=${encodeURIComponent(path)}`;
    const [news] = (await get<Envelope<ArticleAnswer>>(url)).data.results;
    const [es] = (await get<Envelope<ArticleAnswer>>(url, 'es')).data.results;
    const spanish = new Map(texts(es));
    for (const [where, text] of texts(news)) {
      if (text === undefined) continue;
      read += 1;
      if (spanish.get(where) === text && !kept.has(text)) english.push(`${path} ${where}: ${text}`);
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
    const { english, read } = await articleTextsLeftInEnglish((article) => bodyTexts(article?.components, 'components'), SAME_IN_SPANISH);
    // Each entry names the article and the block: add its Spanish to data/es-text.ts.
    expect(english).toEqual([]);
    // Every article was read: the 59 state briefs' two paragraphs alone are 118 texts.
    expect(read).toBeGreaterThan(400);
  });

  it("serves every sample article's tag and section labels in Spanish, series names and words that read the same apart", async () => {
    const { english, read } = await articleTextsLeftInEnglish(articleLabels, LABELS_KEPT);
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
