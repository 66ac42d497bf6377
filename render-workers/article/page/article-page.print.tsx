/**
 * The print article page (spec 1 §2.6 "Print page"): logo, title, "By" author list, "Published"
 * date, source link, optional disclosure, body blocks, author bio, canonical URL link and text,
 * footer nav, legal text, Print and Close controls; noindex, nofollow (print-document.tsx).
 */
import { Fragment } from 'react';
import { z } from 'zod';
import { PlatformError } from '../../../core/errors.js';
import { formatEasternDate, isDraftDate } from '../../../core/isomorphic/dates.js';
import { absoluteDateLabel, easternDay } from '../../../core/isomorphic/relative-time.js';
import { SITE_IDS } from '../../../core/isomorphic/sites.js';
import { uiText, type UiText } from '../../../core/isomorphic/ui-text.js';
import { Island } from '../../../interactive-bundle/island.js';
import { PrintBodyBlocks } from '../../blocks/blocks.print.js';
import type { Block } from '../../blocks/types.js';
import { copyrightLine } from '../../shell/footer.js';
import { PrintDocument } from '../../shell/print-document.js';
import type { PrintArticleProps, VariantLink } from './variant-props.js';

/** The print footer nav, in the spec's order (spec 1 §2.6 "Print page"), as the news edition words it. */
export const PRINT_FOOTER_NAV: readonly VariantLink[] = [
  { name: 'Home', url: '/' },
  { name: 'Video', url: '/video' },
  { name: 'Politics', url: '/politics' },
  { name: 'U.S.', url: '/us' },
  { name: 'Opinion', url: '/opinion' },
  { name: 'Entertainment', url: '/entertainment' },
  { name: 'Tech', url: '/tech' },
  { name: 'Science', url: '/science' },
  { name: 'Health', url: '/health' },
  { name: 'Travel', url: '/travel' },
  { name: 'Lifestyle', url: '/lifestyle' },
  { name: 'World', url: '/world' },
  { name: 'Sports', url: '/sports' },
  { name: 'Weather', url: '/weather' },
  { name: 'Privacy', url: '/privacy-policy' },
  { name: 'Terms', url: '/terms-of-use' },
];

/** The footer nav in the edition's language: the same targets, each name from ui-text (nav*). */
export function printFooterNav(text: UiText): VariantLink[] {
  const names = [text.navHome, text.navVideo, text.navPolitics, text.navUs, text.navOpinion, text.navEntertainment, text.navTech, text.navScience, text.navHealth, text.navTravel, text.navLifestyle, text.navWorld, text.navSports, text.navWeather, text.navPrivacy, text.navTerms];
  return PRINT_FOOTER_NAV.map((item, i) => ({ name: names[i] ?? item.name, url: item.url }));
}

/** Spec 1 §2.6 print page required props, in the spec's order. */
export const PRINT_REQUIRED_PROPS = ['title', 'lastPublishedDate', 'source', 'canonicalUrl', 'header', 'articleTags', 'content'] as const;

/** "MMMM DD, YYYY" in US Eastern (spec 1 §9), e.g. "March 08, 2025"; '' for an unreadable date. */
export function formatPrintDate(iso: string, lang = 'en'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // The Spanish edition: "19 de marzo de 2025".
  return lang === 'es' ? absoluteDateLabel(date, 'es') : formatEasternDate(date);
}

/** The internal print date, YYYY-MM-DD in US Eastern (spec 1 §9); '' for an unreadable date. */
export function printDateValue(iso: string): string {
  return easternDay(iso);
}

const link = z.object({ name: z.string(), url: z.string() });

/**
 * Blocks are the loader's view model (already validated and sanitised, render-workers/shared/);
 * here only their shape as a kind-tagged object is checked, so a new block kind needs no change.
 */
function isBlock(value: unknown): value is Block {
  return typeof value === 'object' && value !== null && 'kind' in value && typeof value.kind === 'string';
}

const block = z.custom<Block>(isBlock, { message: 'expected a body block ({ kind, ... })' });

export const printPropsSchema = z.object({
  site: z.object({
    name: z.string(),
    lang: z.string(),
    id: z.enum(SITE_IDS).optional(),
    translationNotice: z.object({ text: z.string(), linkText: z.string(), href: z.string() }).optional(),
  }),
  title: z.string().min(1),
  lastPublishedDate: z.string(),
  source: link,
  canonicalUrl: z.string().min(1),
  header: z.object({
    authors: z.array(z.object({ name: z.string(), url: z.string().optional(), bio: z.string().optional() })),
  }),
  articleTags: z.array(z.object({ slug: z.string() })),
  content: z.array(block),
  disclosure: z.string().optional(),
  year: z.number().int(),
  scripts: z.array(z.string()).optional(),
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when `value` is a plain object holding no key outside `keys` (the schema would strip one). */
function hasOnlyKeys(value: unknown, keys: ReadonlySet<string>): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  for (const key in value) if (!keys.has(key)) return false;
  return true;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isOptionalString = (value: unknown): boolean => value === undefined || typeof value === 'string';
const PROPS_KEYS = new Set(Object.keys(printPropsSchema.shape));
const SITE_KEYS = new Set(['name', 'lang', 'id', 'translationNotice']);
const NOTICE_KEYS = new Set(['text', 'linkText', 'href']);
const LINK_KEYS = new Set(['name', 'url']);
const HEADER_KEYS = new Set(['authors']);
const AUTHOR_KEYS = new Set(['name', 'url', 'bio']);
const TAG_KEYS = new Set(['slug']);

/**
 * The props renderPrint builds, recognised without zod: exactly what printPropsSchema accepts and
 * returns unchanged (no key it would strip), checked in plain code. The schema's parse copied every
 * object of the page's props on each print render, about 0.8% of a worker's main thread in a publish
 * (issue 17). Anything this does not recognise goes to the schema, which accepts it or names what
 * is wrong; article-page.print.test.tsx holds the two to the same verdict.
 */
function isPlainPrintProps(data: unknown): data is PrintArticleProps {
  if (!hasOnlyKeys(data, PROPS_KEYS)) return false;
  const { site, title, lastPublishedDate, source, canonicalUrl, header, articleTags, content, disclosure, year, scripts } = data;
  if (!hasOnlyKeys(site, SITE_KEYS) || !isString(site.name) || !isString(site.lang)) return false;
  if (site.id !== undefined && !(SITE_IDS as readonly unknown[]).includes(site.id)) return false;
  const notice = site.translationNotice;
  if (notice !== undefined && !(hasOnlyKeys(notice, NOTICE_KEYS) && isString(notice.text) && isString(notice.linkText) && isString(notice.href))) return false;
  if (!isString(title) || title.length === 0 || !isString(lastPublishedDate) || !isString(canonicalUrl) || canonicalUrl.length === 0) return false;
  if (!hasOnlyKeys(source, LINK_KEYS) || !isString(source.name) || !isString(source.url)) return false;
  if (!hasOnlyKeys(header, HEADER_KEYS) || !Array.isArray(header.authors)) return false;
  for (const author of header.authors as unknown[]) {
    if (!hasOnlyKeys(author, AUTHOR_KEYS) || !isString(author.name) || !isOptionalString(author.url) || !isOptionalString(author.bio)) return false;
  }
  if (!Array.isArray(articleTags) || !articleTags.every((tag) => hasOnlyKeys(tag, TAG_KEYS) && isString(tag.slug))) return false;
  if (!Array.isArray(content) || !content.every(isBlock)) return false;
  if (!isOptionalString(disclosure) || !Number.isSafeInteger(year)) return false;
  return scripts === undefined || (Array.isArray(scripts) && scripts.every(isString));
}

/**
 * Print props from the integrator's data; a missing required prop (spec 1 §2.6) fails the render
 * with a message naming it, e.g. `Print page: missing required prop "source"`.
 */
export function parsePrintProps(data: unknown): PrintArticleProps {
  if (isPlainPrintProps(data)) return data;
  const result = printPropsSchema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue ? issue.path.map(String).join('.') : '';
  const missing = issue !== undefined && valueAt(data, issue.path) === undefined;
  const message = missing
    ? `Print page: missing required prop "${path}"`
    : `Print page: invalid prop "${path}": ${issue?.message ?? 'invalid'}`;
  throw new PlatformError('RENDER_FAILED', message, {
    details: { issues: result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })) },
  });
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let node: unknown = data;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    const next: unknown = Reflect.get(node, key);
    node = next;
  }
  return node;
}

export function PrintArticlePage(props: PrintArticleProps) {
  const { site, header } = props;
  const draft = isDraftDate(props.lastPublishedDate);
  const bios = header.authors.filter((author) => author.bio);
  const text = uiText(site.id ?? 'news');
  const notice = site.translationNotice;
  return (
    <PrintDocument lang={site.lang} title={`${props.title} | ${site.name}`} canonicalUrl={props.canonicalUrl} scripts={props.scripts ?? []}>
      {/* Print and Close (spec 1 §2.6): the PrintControls island; Close is a link to the article without script. */}
      <Island name="PrintControls" props={site.id === undefined ? { articleUrl: props.canonicalUrl } : { articleUrl: props.canonicalUrl, site: site.id }} />
      {notice ? (
        // Every page of the Spanish edition, print included (spec 1 §1).
        <p className="translation-notice" role="note">
          {notice.text} <a href={notice.href}>{notice.linkText}</a>
        </p>
      ) : null}
      <header>
        <a className="print-logo" href="/">
          {site.name}
        </a>
      </header>
      <article className="print-article">
        <h1>{props.title}</h1>
        {header.authors.length > 0 ? (
          <p className="byline">
            {`${text.by} `}
            {header.authors.map((author, i) => (
              <Fragment key={`${i}-${author.name}`}>
                {i > 0 ? (i === header.authors.length - 1 ? ` ${text.and} ` : ', ') : null}
                {author.url ? <a href={author.url}>{author.name}</a> : author.name}
              </Fragment>
            ))}
          </p>
        ) : null}
        <p className="published">
          {draft ? (
            text.draft
          ) : (
            <>
              {`${text.published} `}
              <time dateTime={printDateValue(props.lastPublishedDate)}>{formatPrintDate(props.lastPublishedDate, site.lang)}</time>
            </>
          )}
        </p>
        <p className="source">
          <a href={props.source.url}>{props.source.name}</a>
        </p>
        {props.disclosure ? <p className="disclosure">{props.disclosure}</p> : null}
        <div className="article-body">
          <PrintBodyBlocks blocks={props.content} />
        </div>
        {bios.length > 0 ? (
          <section className="author-bios" aria-label={text.aboutTheAuthor}>
            {bios.map((author, i) => (
              <p key={`${i}-${author.name}`} className="author-bio">
                <strong>{author.url ? <a href={author.url}>{author.name}</a> : author.name}</strong> {author.bio}
              </p>
            ))}
          </section>
        ) : null}
        <p className="print-canonical">
          {`${text.findArticleAt} `}
          <a href={props.canonicalUrl}>{props.canonicalUrl}</a>
        </p>
      </article>
      <footer className="print-footer">
        <nav aria-label={text.mainMenu}>
          <ul>
            {printFooterNav(text).map((item) => (
              <li key={item.url}>
                <a href={item.url}>{item.name}</a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="legal">{copyrightLine(props.year, site.id ?? 'news')}</p>
      </footer>
    </PrintDocument>
  );
}
