/**
 * The Spanish edition as a second site from configuration (spec 1 §1, issue 4 item 5): its pages
 * are stored under `es/`, say lang="es", and every one carries the machine-translation notice with
 * its link to the translation statement, which is itself a page of that site.
 */
import { describe, expect, it } from 'vitest';
import { SITES } from '../../core/isomorphic/sites.js';
import { notFoundPageKey, pageKey } from '../../core/storage/keys.js';
import { HARNESS_ORIGIN_ES, useRendererHarness, type RendererHarness } from '../support/renderer.js';
import { errorLines, validateHtml } from '../support/html-validator.js';

const ARTICLE = '/politics/senate-panel-advances-rural-broadband-bill';
const STATEMENT = '/translation-statement';
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
