/**
 * The sample upstream's Spanish answers (the Spanish edition asks upstream in
 * Spanish: ADR 0019). A request that prefers Spanish (`accept-language` whose most preferred language
 * is es, es-ES, es-419, ...; or the `lang=es` query flag) gets the same JSON with every string that
 * data/es-text.ts translates replaced by its Spanish. Anything without an entry stays English, so
 * content added to the dataset later still renders, and is translated by adding an entry there.
 * Identifiers, paths and URLs are never touched, even when one happens to equal a translated word.
 */
import { ES_PATTERNS, ES_TEXT, type TextPattern } from './data/es-text.js';

/** Fields that carry identifiers or addresses, never reader-facing text. */
const UNTRANSLATED_KEYS: ReadonlySet<string> = new Set(['id', 'slug', 'path', 'url', 'href', 'type', 'content_type', 'tracking', 'trackingWeb', 'elementId', 'subtype', 'machine-title', 'eventCode', 'providerId']);

/**
 * A language's exact texts plus its patterns: a text that matches a pattern whose captured part
 * has an exact entry (the tag fronts' "<Tag> News" titles) is translated around that part. A
 * pattern's further captures reach its Spanish as they are (a video description's section slug).
 */
class TranslationTable {
  private readonly exact: ReadonlyMap<string, string>;
  constructor(
    texts: Readonly<Record<string, string>>,
    private readonly patterns: readonly TextPattern[],
  ) {
    this.exact = new Map(Object.entries(texts));
  }

  get(text: string): string | undefined {
    const exact = this.exact.get(text);
    if (exact !== undefined) return exact;
    for (const { english, spanish } of this.patterns) {
      const match = english.exec(text);
      const part = match?.[1];
      const translated = part === undefined ? undefined : this.exact.get(part);
      if (match === null || translated === undefined) continue;
      const result = spanish(translated, ...match.slice(2));
      if (result !== undefined) return result;
    }
    return undefined;
  }
}

type Table = Pick<TranslationTable, 'get'>;

const TABLES: Readonly<Record<string, Table>> = { es: new TranslationTable(ES_TEXT, ES_PATTERNS) };

/** The request's most preferred language's primary tag ("es" for "es-419,en;q=0.5"), or null. */
export function preferredLanguage(acceptLanguage: string | undefined): string | null {
  if (acceptLanguage === undefined) return null;
  let best: { tag: string; q: number } | null = null;
  for (const part of acceptLanguage.split(',')) {
    const [range = '', ...params] = part.trim().split(';');
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    const tag = range.trim().toLowerCase().split('-')[0] ?? '';
    if (tag === '' || tag === '*' || !Number.isFinite(q) || q <= 0) continue;
    if (best === null || q > best.q) best = { tag, q };
  }
  return best?.tag ?? null;
}

/** The translation table a request asks for, or null for English (the dataset's own language). */
export function translationFor(acceptLanguage: string | undefined, url: string): Table | null {
  const flag = new URL(url, 'http://sample.invalid').searchParams.get('lang');
  const language = flag ?? preferredLanguage(acceptLanguage);
  return language === null ? null : (TABLES[language] ?? null);
}

function translateValue(value: unknown, table: Table, key: string): unknown {
  if (typeof value === 'string') return UNTRANSLATED_KEYS.has(key) ? value : (table.get(value) ?? value);
  if (Array.isArray(value)) return value.map((item) => translateValue(item, table, key));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, translateValue(item, table, name)]));
  }
  return value;
}

/** A JSON body with its translatable strings replaced; a body that is not JSON is returned as is. */
export function translateJsonBody(body: string, table: Table): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  return JSON.stringify(translateValue(parsed, table, ''));
}
