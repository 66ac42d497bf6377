/**
 * The Spanish edition as a second site from configuration (spec 1 §1): its pages
 * are stored under `es/`, say lang="es", and every one carries the machine-translation notice with
 * its link to the translation statement, which is itself a page of that site.
 *
 * The edition reads in Spanish (ADR 0019). Its renders ask the sample upstream for Spanish content
 * (accept-language: es), its interface text comes from core/isomorphic/ui-text.ts (no English
 * interface string left on its pages), its AMP and print pages carry the notice too, and both
 * editions name each other with reciprocal hreflang alternates.
 */
import { describe, expect, it } from 'vitest';
import { SITES } from '../../core/isomorphic/sites.js';
import { uiText, type UiTextKey } from '../../core/isomorphic/ui-text.js';
import { SLIDESHOW_TEXTS } from '../../interactive-bundle/islands/slideshow.island.js';
import { GATE_TEXTS } from '../../render-workers/article/page/gate-overlay.js';
import { notFoundPageKey, pageKey } from '../../core/storage/keys.js';
import { HARNESS_ORIGIN, HARNESS_ORIGIN_ES, useRendererHarness, type RendererHarness } from '../support/renderer.js';
import { errorLines, validateHtml } from '../support/html-validator.js';
import { checkAmp } from '../support/amp-check.js';

const ARTICLE = '/politics/senate-panel-advances-rural-broadband-bill';
const STATEMENT = '/translation-statement';
const VIDEO = '/video/senate-leaders-week-ahead';
const GAME = '/games/daily-crossword-puzzle';
const SLIDESHOW = '/lifestyle/lighthouses-of-the-great-lakes';
const SHOW = '/shows/the-evening-report';
const GATED = '/politics/inside-the-budget-talks-that-almost-collapsed';
const NOTICE = 'Esta página fue traducida automáticamente.';

let h: RendererHarness;

/** Text as a reader sees it: React separates adjacent text with comments. */
function decoded(html: string): string {
  return html.replace(/<!-- -->/g, '').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

function expectSpanishEdition(html: string): void {
  expect(html.startsWith('<!DOCTYPE html><html lang="es">')).toBe(true);
  expect(decoded(html)).toContain(`<p class="translation-notice" role="note">${NOTICE} <a href="${STATEMENT}">Declaración de traducción</a></p>`);
}

useRendererHarness((started) => (h = started));

describe('the Spanish edition', () => {
  it('is configured as its own site with the notice linking to the statement', () => {
    expect(SITES.es.lang).toBe('es');
    expect(SITES.es.translationNotice).toEqual({ text: NOTICE, linkText: 'Declaración de traducción', href: STATEMENT });
    expect(SITES.news.translationNotice).toBeUndefined();
  });

  it('stores home, a front, an article, the statement and the 404 page under es/, each with the notice', async () => {
    expect((await h.render('/', 'republish', 'es')).kind).toBe('home');
    expect((await h.render('/politics', 'republish', 'es')).kind).toBe('section');
    expect((await h.render(ARTICLE, 'republish', 'es')).kind).toBe('article');
    expect((await h.render(STATEMENT, 'republish', 'es')).kind).toBe('static');

    const documents = [];
    for (const path of ['/', '/politics', ARTICLE, STATEMENT]) {
      expect(await h.store.head(pageKey('es', path, 'standard'))).not.toBeNull();
      const html = await h.stored(path, 'standard', 'es');
      expectSpanishEdition(html);
      documents.push({ name: `es${path}`, html });
    }
    const notFound = await h.store.get(notFoundPageKey('es'));
    const notFoundHtml = notFound?.body.toString('utf8') ?? '';
    expect(notFound?.meta.status).toBe(404);
    expectSpanishEdition(notFoundHtml);
    documents.push({ name: 'es/special/404.html', html: notFoundHtml });

    expect(decoded(await h.stored(STATEMENT, 'standard', 'es'))).toContain('<h1>Declaración de traducción</h1>');
    expect(errorLines(await validateHtml(documents))).toEqual([]);
  }, 60_000);

  it('names its own host in canonical links, not the news site\'s', async () => {
    await h.render(ARTICLE, 'republish', 'es');
    expect(await h.stored(ARTICLE, 'standard', 'es')).toContain(`<link rel="canonical" href="${HARNESS_ORIGIN_ES}${ARTICLE}"/>`);
    await h.render('/politics', 'republish', 'es');
    expect(await h.stored('/politics', 'standard', 'es')).toContain(`<link rel="canonical" href="${HARNESS_ORIGIN_ES}/politics"/>`);
  });

  it('keeps the news site free of the notice and of the statement page', async () => {
    await h.render('/', 'republish', 'news');
    const html = await h.stored('/', 'standard', 'news');
    expect(html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    expect(html).not.toContain('class="translation-notice"');
    expect(await h.store.head(pageKey('news', STATEMENT, 'standard'))).toBeNull();
  });
});

const AMP_ARTICLE = '/us/harbor-commission-approves-taller-seawall';
const LIVE_EVENT = '/coverage/election-night';

/** Interface strings that are also good Spanish: the rest of the English table must not show on an es page. */
const SAME_IN_SPANISH: ReadonlySet<UiTextKey> = new Set<UiTextKey>([
  'navVideo',
  // "Video" is a Spanish word too: it appears in upstream's Spanish content and labels.
  'videoHome',
]);

/** Every text a reader sees or hears: text nodes, plus aria-label, placeholder, alt and title values. */
function readerTexts(html: string): string[] {
  const body = decoded(html).replace(/<script[\s\S]*?<\/script>/g, '').replace(/<style[\s\S]*?<\/style>/g, '');
  const nodes = [...body.matchAll(/>([^<]+)</g)].map((match) => (match[1] ?? '').trim());
  const attributes = [...body.matchAll(/ (?:aria-label|placeholder|alt|title)="([^"]*)"/g)].map((match) => (match[1] ?? '').trim());
  return [...nodes, ...attributes].filter((text) => text !== '');
}

/** The English interface strings found on a page, by ui-text key. */
function englishInterfaceText(html: string): string[] {
  const en = uiText('news');
  const texts = new Set(readerTexts(html));
  return (Object.keys(en) as UiTextKey[]).filter((key) => !SAME_IN_SPANISH.has(key) && !en[key].includes('{') && texts.has(en[key])).map((key) => `${key}: ${en[key]}`);
}

/** The page's hreflang alternates: hreflang -> href. */
function alternates(html: string): Record<string, string> {
  return Object.fromEntries([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((match) => [match[1] ?? '', match[2] ?? '']));
}

describe('the Spanish edition in Spanish (ADR 0019)', () => {
  it('asks upstream for Spanish content: Spanish headlines and menus on es, English on news', async () => {
    await h.render(ARTICLE, 'republish', 'es');
    await h.render(ARTICLE, 'republish', 'news');
    const es = decoded(await h.stored(ARTICLE, 'standard', 'es'));
    const news = decoded(await h.stored(ARTICLE, 'standard', 'news'));
    expect(es).toContain('<h1 class="headline">Comisión del Senado aprueba proyecto de banda ancha rural tras una sesión nocturna</h1>');
    expect(es).toContain('<a href="/politics">Política</a>');
    expect(news).toContain('<h1 class="headline">Senate panel advances rural broadband bill after late-night markup</h1>');
    expect(news).toContain('<a href="/politics">Politics</a>');
    expect(news).not.toContain('Política');
  });

  it('leaves no English interface string on es pages: home, front, article, AMP, print, live event, persons, shows, a show, 404', async () => {
    const pages: Array<[string, string]> = [];
    for (const path of ['/', '/politics', ARTICLE, AMP_ARTICLE, LIVE_EVENT, '/personalities', '/shows', SHOW]) {
      await h.render(path, 'republish', 'es');
      pages.push([path, await h.stored(path, 'standard', 'es')]);
    }
    pages.push([`${ARTICLE}.print`, await h.stored(ARTICLE, 'print', 'es')]);
    pages.push([`${AMP_ARTICLE}.amp`, await h.stored(AMP_ARTICLE, 'amp', 'es')]);
    const notFound = await h.store.get(notFoundPageKey('es'));
    pages.push(['404', notFound?.body.toString('utf8') ?? '']);

    const found = pages.flatMap(([path, html]) => englishInterfaceText(html).map((text) => `${path} ${text}`));
    expect(found).toEqual([]);
    // What the check looks for is really there in Spanish.
    const article = decoded(await h.stored(ARTICLE, 'standard', 'es'));
    expect(article).toMatch(/Publicado <time dateTime="[^"]+">\d{1,2} de [a-z]+ de \d{4}, \d{2}:\d{2} E[SD]T<\/time>/);
    expect(article).toContain('>Imprimir</a>');
    // List dates on a front are Spanish too, before the bundle relabels them (and without script).
    const frontTimes = [...decoded(await h.stored('/politics', 'standard', 'es')).matchAll(/<time dateTime="[^"]+" data-relative="" data-day="[^"]+">([^<]*)<\/time>/g)].map((match) => match[1]);
    expect(frontTimes.length).toBeGreaterThan(0);
    expect(frontTimes.filter((label) => !/^\d{1,2} de [a-z]+ de \d{4}$/.test(label ?? ''))).toEqual([]);
    const liveEvent = decoded(await h.stored(LIVE_EVENT, 'standard', 'es'));
    expect(liveEvent).toContain('<h2 id="live-updates-heading">Actualizaciones en vivo</h2>');
    // The video's controls too: the page hands the island its edition.
    expect(liveEvent).toMatch(/<button type="button" class="live-video-show-more" hidden="" aria-expanded="false" aria-controls="[^"]+">Mostrar más<\/button>/);
    expect(liveEvent).toMatch(/aria-controls="[^"]+">Ampliar video<\/button>/);
    expect(decoded(notFound?.body.toString('utf8') ?? '')).toContain('<h1>Algo salió mal…</h1>');
    const show = decoded(await h.stored(SHOW, 'standard', 'es'));
    expect(show).toContain('<h2 id="show-hosts-heading">Presentadores</h2>');
    expect(show).toContain('aria-label="Navegación de The Evening Report"');
    // The same check finds the English table on a news page, so it can fail.
    await h.render(ARTICLE, 'republish', 'news');
    expect(englishInterfaceText(await h.stored(ARTICLE, 'standard', 'news'))).toEqual(expect.arrayContaining(['published: Published', 'print: Print', 'logIn: Log In']));
  }, 120_000);

  it('leaves no English interface string on the video area\'s es pages: home, shows, topics, a topic, a video', async () => {
    const pages: Array<[string, string]> = [];
    for (const path of ['/video', '/video/shows', '/video/topics', '/video/topics/us', VIDEO]) {
      await h.render(path, 'republish', 'es');
      pages.push([path, await h.stored(path, 'standard', 'es')]);
    }
    const found = pages.flatMap(([path, html]) => englishInterfaceText(html).map((text) => `${path} ${text}`));
    expect(found).toEqual([]);
    // What the check looks for is really there, in Spanish, and in English on news.
    expect(decoded(pages[1]?.[1] ?? '')).toContain('>Programas en video</h1>');
    expect(decoded(pages[4]?.[1] ?? '')).toContain('<h2 id="video-recommended-heading">Videos recomendados</h2>');
    expect(decoded(pages[4]?.[1] ?? '')).toMatch(/<p class="video-meta">.*<time dateTime="[^"]+">\d{1,2} de [a-z]+ de \d{4}<\/time>/);
    // The video type and the live cards' label in Spanish; the page's data attribute keeps the spec's label.
    expect(decoded(pages[4]?.[1] ?? '')).toMatch(/data-video-type="(LIVE|FULL EPISODE|CLIP)">(EN VIVO|EPISODIO COMPLETO|FRAGMENTO)</);
    // The video needs a TV-provider sign-in (an fnc source): its Locked marker and subscription bar in Spanish.
    const video = decoded(pages[4]?.[1] ?? '');
    expect(video).toContain('<p class="video-locked" data-locked="true">Bloqueado</p>');
    expect(video).toContain('<section class="subscription-bar" aria-label="Inicio de sesión con proveedor de TV">');
    expect(video).toContain('Inicia sesión con tu proveedor de TV</button>');
    expect(video).toContain('¿No tienes suscripción de TV? <a href="/gowatch">Suscríbete</a>');
    expect(video).toContain('<p class="preview-pass" hidden="">Tu pase de prueba vence en 00:00</p>');
    expect(video).not.toContain('Sign In with TV Provider');
    expect(video).not.toContain('Locked<');
    // The browser hydrates the island with the same edition, so it keeps the Spanish texts.
    expect(video).toContain('{"needsAuthentication":true,"showBar":true,"site":"es"}');
    expect(decoded(pages[0]?.[1] ?? '')).toContain('EN VIVO · ');
    expect(decoded(pages[0]?.[1] ?? '')).not.toContain('LIVE · ');
    await h.render(VIDEO, 'republish', 'news');
    await h.render('/video/shows', 'republish', 'news');
    expect(englishInterfaceText(await h.stored(VIDEO, 'standard', 'news'))).toEqual(expect.arrayContaining(['recommendedVideos: Recommended Videos', 'videoLocked: Locked', 'tvProviderSignIn: Sign In with TV Provider']));
    expect(englishInterfaceText(await h.stored('/video/shows', 'standard', 'news'))).toEqual(expect.arrayContaining(['videoShows: Video Shows', 'videoAreaHome: Video Home', 'allShows: All shows']));
  }, 120_000);

  it('leaves no English interface string on the games hub and a game page in es, and keeps the English ones on news', async () => {
    await h.render('/games', 'republish', 'es');
    await h.render(GAME, 'republish', 'es');
    const hubHtml = await h.stored('/games', 'standard', 'es');
    const gameHtml = await h.stored(GAME, 'standard', 'es');
    const found = [...englishInterfaceText(hubHtml).map((text) => `/games ${text}`), ...englishInterfaceText(gameHtml).map((text) => `${GAME} ${text}`)];
    expect(found).toEqual([]);
    // What the check looks for is really there, in Spanish.
    const hub = decoded(hubHtml);
    expect(hub).toContain('<title>Juegos</title>');
    expect(hub).toContain('<meta name="description" content="Juega crucigramas diarios, juegos de palabras y más."/>');
    expect(hub).toContain('<h1 id="games-hub-heading">Juegos</h1>');
    expect(hub).toContain('<a class="game-card-button" href="/games/daily-crossword-puzzle" aria-label="Jugar ahora: Crucigrama diario">Jugar ahora</a>');
    const game = decoded(gameHtml);
    expect(game).toContain('<h1 id="game-title">Crucigrama diario</h1>');
    expect(game).toContain('<meta name="description" content="Un crucigrama nuevo cada día, del fácil lunes al difícil domingo. Juegue gratis en Fox News."/>');
    expect(game).toContain('<a class="game-cta" href="#game-frame">Jugar ahora</a>');
    // The date bar names the day in Spanish (its CSS writes it in capitals).
    expect(game).toContain('<time dateTime="2026-03-01">domingo, 1 de marzo de 2026</time>');
    expect(game).toContain('<ul class="game-share" aria-label="Compartir">');
    expect(game).toContain('<h2 id="games-promo-heading">Más juegos</h2>');
    expect(game).toContain('aria-label="Jugar ahora: Sopa de letras">Jugar ahora</a>');
    expect(game).toContain('<section class="comments game-comments" id="comments" aria-label="Comentarios"><h2>Comentarios</h2><p>Los comentarios aún no están disponibles.</p></section>');
    // The info modal's server markup is Spanish, and the browser hydrates it with the same edition.
    expect(game).toContain('aria-haspopup="dialog">Cómo jugar</button>');
    expect(game).toMatch(/<h2 id="[^"]+">Cómo jugar: Crucigrama diario<\/h2>/);
    expect(game).toContain('class="game-info-close">Cerrar</button>');
    expect(game).toMatch(/"gameTitle":"Crucigrama diario","paragraphs":\[[^\]]*\],"site":"es"/);
    for (const english of ['Play Now', 'How to Play', 'More Games', '>Comments<', '>Close<', 'Sunday', 'March']) expect(game, english).not.toContain(english);
    expect(errorLines(await validateHtml([{ name: 'es /games', html: hubHtml }, { name: `es ${GAME}`, html: gameHtml }]))).toEqual([]);
    // The news edition keeps the spec's English texts.
    await h.render('/games', 'republish', 'news');
    await h.render(GAME, 'republish', 'news');
    expect(englishInterfaceText(await h.stored('/games', 'standard', 'news'))).toEqual(expect.arrayContaining(['games: Games', 'playNow: Play Now']));
    const newsGame = await h.stored(GAME, 'standard', 'news');
    expect(englishInterfaceText(newsGame)).toEqual(expect.arrayContaining(['playNow: Play Now', 'moreGames: More Games', 'howToPlay: How to Play', 'comments: Comments', 'share: Share', 'close: Close']));
    expect(newsGame).toContain('<time dateTime="2026-03-01">Sunday, March 1, 2026</time>');
  }, 120_000);

  it('leaves no English interface string on an es slideshow page: the island\'s own texts, its counter and Recommended', async () => {
    await h.render(SLIDESHOW, 'republish', 'es');
    const html = await h.stored(SLIDESHOW, 'standard', 'es');
    const texts = new Set(readerTexts(html));
    const english = Object.values(SLIDESHOW_TEXTS).filter((text): text is string => typeof text === 'string');
    expect(english.filter((text) => texts.has(text))).toEqual([]);
    expect(englishInterfaceText(html)).toEqual([]);
    expect([...texts].filter((text) => /^Image \d+ of \d+$/.test(text))).toEqual([]);
    // What the check looks for is really there, in Spanish, and the browser hydrates with the same edition.
    const page = decoded(html);
    expect(page).toMatch(/>Imagen 0 de \d+</);
    expect(page).toContain('>Vista de tira</button>');
    expect(page).toContain('<h2 id="recommended-slideshows-title">Recomendadas</h2>');
    expect(page).toContain('"site":"es"');
    // The same check finds the English texts on the news page, so it can fail.
    await h.render(SLIDESHOW, 'republish', 'news');
    const news = new Set(readerTexts(await h.stored(SLIDESHOW, 'standard', 'news')));
    expect(english.filter((text) => news.has(text))).toEqual(expect.arrayContaining(['Filmstrip View', 'Start Over', 'Recommended']));
  }, 60_000);

  it('shows the gate overlay of a gated article in Spanish on es, and in the spec\'s English on news', async () => {
    await h.render(GATED, 'republish', 'es');
    const es = decoded(await h.stored(GATED, 'standard', 'es'));
    expect(es).toContain('<h2 id="gate-title">Únase a Fox News en Español para acceder a este contenido</h2>');
    expect(es).toContain('placeholder="Ingrese su correo electrónico"');
    expect(es).toContain('>Términos de uso</a>');
    const english = [GATE_TEXTS.subtitle, GATE_TEXTS.placeholder, GATE_TEXTS.error, GATE_TEXTS.help, GATE_TEXTS.terms, GATE_TEXTS.privacy, GATE_TEXTS.financialIncentive, 'By entering your email', 'for access to this content'];
    expect(english.filter((text) => es.includes(text))).toEqual([]);
    await h.render(GATED, 'republish', 'news');
    const news = decoded(await h.stored(GATED, 'standard', 'news'));
    expect(english.filter((text) => !news.includes(text))).toEqual([]);
    expect(errorLines(await validateHtml([{ name: 'es gated', html: await h.stored(GATED, 'standard', 'es') }]))).toEqual([]);
  }, 60_000);

  it('carries the machine-translation notice on es AMP and print pages, and keeps them valid', async () => {
    await h.render(AMP_ARTICLE, 'republish', 'es');
    const amp = decoded(await h.stored(AMP_ARTICLE, 'amp', 'es'));
    expect(amp).toContain(`<p class="translation-notice" role="note">${NOTICE} <a href="${HARNESS_ORIGIN_ES}${STATEMENT}">Declaración de traducción</a></p>`);
    expect(checkAmp(await h.stored(AMP_ARTICLE, 'amp', 'es'))).toEqual([]);
    const print = await h.stored(AMP_ARTICLE, 'print', 'es');
    expect(decoded(print)).toContain(`<p class="translation-notice" role="note">${NOTICE} <a href="${STATEMENT}">Declaración de traducción</a></p>`);
    expect(errorLines(await validateHtml([{ name: 'es print', html: print }]))).toEqual([]);
    // The news edition's variants carry none.
    await h.render(AMP_ARTICLE, 'republish', 'news');
    expect(await h.stored(AMP_ARTICLE, 'amp', 'news')).not.toContain('translation-notice');
    expect(await h.stored(AMP_ARTICLE, 'print', 'news')).not.toContain('translation-notice');
  }, 60_000);

  it('links both editions with reciprocal hreflang alternates (en, es, x-default)', async () => {
    for (const path of ['/', '/politics', ARTICLE, LIVE_EVENT]) {
      await h.render(path, 'republish', 'news');
      await h.render(path, 'republish', 'es');
      const suffix = path === '/' ? '/' : path;
      const expected = { en: `${HARNESS_ORIGIN}${suffix}`, es: `${HARNESS_ORIGIN_ES}${suffix}`, 'x-default': `${HARNESS_ORIGIN}${suffix}` };
      const news = alternates(await h.stored(path, 'standard', 'news'));
      const es = alternates(await h.stored(path, 'standard', 'es'));
      expect(news, path).toEqual(expected);
      expect(es, path).toEqual(expected);
      // Reciprocal: each edition's own canonical URL is what the other names for its language.
      expect(await h.stored(path, 'standard', 'news')).toContain(`<link rel="canonical" href="${es.en}"/>`);
      expect(await h.stored(path, 'standard', 'es')).toContain(`<link rel="canonical" href="${news.es}"/>`);
    }
    // A page only the Spanish edition has names no counterpart; neither does the 404 page.
    await h.render(STATEMENT, 'republish', 'es');
    expect(alternates(await h.stored(STATEMENT, 'standard', 'es'))).toEqual({});
    expect(alternates((await h.store.get(notFoundPageKey('es')))?.body.toString('utf8') ?? '')).toEqual({});
  }, 60_000);
});
