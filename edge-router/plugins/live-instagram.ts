/**
 * GET /api/instagram: the embed markup of an Instagram post, from the Instagram oEmbed upstream
 * (spec 1 §7 "GET /api/instagram | url, hidecaption, maxwidth (1400), omitscript (true) | embed
 * html"; spec 1 §4 "Instagram and TikTok embeds load a script, then fetch the embed data"; docs/architecture.md
 * "Live endpoints").
 *
 *   ?url=https://www.instagram.com/p/CsAmple1234/&hidecaption=false&maxwidth=1400&omitscript=true
 *     url         an instagram.com post: https://(www.)instagram.com/{p|reel|tv}/{shortcode}/, its
 *                 query (utm_source...) dropped; forwarded as https://www.instagram.com/{kind}/{code}/
 *     hidecaption true | false, default false
 *     maxwidth    integer 320..1400, default 1400 (320 is oEmbed's own minimum)
 *     omitscript  true | false, default true
 *   Any other parameter is ignored and never forwarded. A bad value or a parameter given twice
 *   answers 400 { error: { code: 'INVALID_QUERY', message } }.
 *
 *   200 { html } with Cache-Control: public, max-age=300. The html is hostile input (a third
 *       party's markup): it is cut down to Instagram's blockquote and its links and text — no
 *       script (whatever omitscript said; the island loads Instagram's embed script itself), no
 *       style, no svg, no event handler, links https to instagram.com only.
 *   404 { error: { code: 'UPSTREAM_NOT_FOUND', message } } when Instagram has no such post, and
 *   502 { error: { code, message } } when the oEmbed call fails with nothing cached or its html
 *       holds no embed; both with spec 1 §8's text "An error occurred while retrieving the
 *       Instagram post. It might have been deleted." and no-store.
 *   The last good answer (at most an hour old) when upstream fails, marked `x-stale: 1`.
 *
 * The contract (path, query, answer, the browser's check) is core/isomorphic/live/instagram.ts.
 * Cached 5 minutes in process with request coalescing (live-endpoint.ts); the upstream timeout is
 * UPSTREAM_TIMEOUT_MS. Upstream: docs/upstream-contract.md §5.12.
 */
import { EMBED_ERROR_TEXTS } from '../../core/isomorphic/constants.js';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { isPlatformError, PlatformError } from '../../core/errors.js';
import {
  INSTAGRAM_DEFAULT_MAX_WIDTH,
  INSTAGRAM_MIN_MAX_WIDTH,
  INSTAGRAM_PATH,
  type InstagramQuery,
  type InstagramResponse,
} from '../../core/isomorphic/live/instagram.js';
import type { CallSpec } from '../../core/upstream/transport.js';
import type { LiveCacheSettings } from '../live-cache.js';
import { splitRequestTarget } from '../request-target.js';
import { routePlugin } from './define-plugin.js';
import { JSON_TYPE, liveCache, liveErrorBody, liveTransport, markStale, NO_STORE, replyInvalidQuery, replyUpstreamFailed, singleParam, type LiveUpstreamOptions } from '../live-endpoint.js';

/**
 * Spec 1 §8. The same text is the AMP fallback in render-workers/blocks/blocks.amp.tsx; it moves
 * to core/isomorphic when the embed island needs it in the browser.
 */
export const INSTAGRAM_ERROR_TEXT = EMBED_ERROR_TEXTS.instagram;
export const INSTAGRAM_CACHE: LiveCacheSettings = { freshMs: 5 * 60_000, staleMs: 60 * 60_000, maxEntries: 500 };
export const INSTAGRAM_CACHE_CONTROL = 'public, max-age=300';
/** Far above any real embed; a bigger answer is not an embed. */
const HTML_MAX_LENGTH = 100_000;
const URL_MAX_LENGTH = 500;

/** The plugin's options: the live endpoints' upstream options (live-endpoint.ts). */
export type LiveInstagramOptions = LiveUpstreamOptions;

const POST_URL = /^https?:\/\/(?:www\.)?instagram\.com\/(p|reel|tv)\/([A-Za-z0-9_-]{5,40})\/?(?:\?[^#\s]*)?$/i;

/** The canonical https://www.instagram.com/{kind}/{shortcode}/ of a post URL; undefined for anything else. */
export function instagramPostUrl(raw: string): string | undefined {
  if (raw.length > URL_MAX_LENGTH) return undefined;
  const match = POST_URL.exec(raw);
  if (match === null) return undefined;
  const [, kind, shortcode] = match;
  if (kind === undefined || shortcode === undefined) return undefined;
  return `https://www.instagram.com/${kind.toLowerCase()}/${shortcode}/`;
}

type QueryResult = { ok: true; query: InstagramQuery } | { ok: false; message: string };

function flag(value: string | undefined, fallback: boolean): boolean | undefined {
  if (value === undefined) return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

export function parseInstagramQuery(search: string): QueryResult {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return { ok: false, message: 'the query string cannot be read' };
  }
  const values: Record<string, string | undefined> = {};
  for (const name of ['url', 'hidecaption', 'maxwidth', 'omitscript']) {
    const value = singleParam(params, name);
    if (value === null) return { ok: false, message: `${name} may be given once` };
    values[name] = value;
  }
  const url = values.url === undefined ? undefined : instagramPostUrl(values.url);
  if (url === undefined) {
    return { ok: false, message: 'url must be an Instagram post such as https://www.instagram.com/p/SHORTCODE/' };
  }
  const hidecaption = flag(values.hidecaption, false);
  if (hidecaption === undefined) return { ok: false, message: 'hidecaption must be true or false' };
  const omitscript = flag(values.omitscript, true);
  if (omitscript === undefined) return { ok: false, message: 'omitscript must be true or false' };
  let maxwidth = INSTAGRAM_DEFAULT_MAX_WIDTH;
  if (values.maxwidth !== undefined) {
    const number = /^\d{1,4}$/.test(values.maxwidth) ? Number(values.maxwidth) : NaN;
    if (!(number >= INSTAGRAM_MIN_MAX_WIDTH && number <= INSTAGRAM_DEFAULT_MAX_WIDTH)) {
      return { ok: false, message: `maxwidth must be an integer from ${INSTAGRAM_MIN_MAX_WIDTH} to ${INSTAGRAM_DEFAULT_MAX_WIDTH}` };
    }
    maxwidth = number;
  }
  return { ok: true, query: { url, hidecaption, maxwidth, omitscript } };
}

/** An https link to instagram.com (any path), else undefined. */
function instagramLink(href: string | undefined): string | undefined {
  if (href === undefined || href.length > URL_MAX_LENGTH) return undefined;
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return undefined;
  }
  const host = url.hostname.toLowerCase();
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return undefined;
  return host === 'instagram.com' || host === 'www.instagram.com' ? url.href : undefined;
}

/**
 * Instagram's oEmbed html cut down to what its embed script needs: the
 * `blockquote.instagram-media` with its permalink and version, the links to instagram.com and the
 * caption text (p, br). Everything else goes: script, style, svg and their content; every other
 * tag (its text kept); every other attribute, inline styles included; links elsewhere. Returns ''
 * when no embed blockquote with an instagram.com permalink survives.
 */
export function sanitizeInstagramHtml(html: string): string {
  if (html.length > HTML_MAX_LENGTH) return '';
  const clean = sanitizeHtml(html, {
    allowedTags: ['blockquote', 'a', 'p', 'br'],
    allowedAttributes: {
      blockquote: ['class', 'data-instgrm-permalink', 'data-instgrm-version', 'data-instgrm-captioned'],
      a: ['href', 'target', 'rel'],
    },
    allowedClasses: { blockquote: ['instagram-media'] },
    allowedSchemes: ['https'],
    allowProtocolRelative: false,
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'template', 'xmp', 'iframe', 'object'],
    transformTags: {
      blockquote: (tagName, attribs) => {
        const next: Record<string, string> = {};
        if (attribs.class !== undefined) next.class = attribs.class;
        const permalink = instagramLink(attribs['data-instgrm-permalink']);
        if (permalink !== undefined) next['data-instgrm-permalink'] = permalink;
        const version = attribs['data-instgrm-version'];
        if (version !== undefined && /^\d{1,3}$/.test(version)) next['data-instgrm-version'] = version;
        if (attribs['data-instgrm-captioned'] !== undefined) next['data-instgrm-captioned'] = '';
        return { tagName, attribs: next };
      },
      a: (tagName, attribs) => {
        const href = instagramLink(attribs.href);
        // A link anywhere else keeps its text and loses its target.
        const next: Record<string, string> = href === undefined ? {} : { href, target: '_blank', rel: 'noopener noreferrer' };
        return { tagName, attribs: next };
      },
    },
  });
  return /<blockquote class="instagram-media"[^>]* data-instgrm-permalink="https:\/\/(www\.)?instagram\.com\//.test(clean) ? clean.trim() : '';
}

const oembedSchema = z.looseObject({ html: z.string() });

/** Value cached per query: the clean html, or null when Instagram has no such post. */
type Embed = { html: string } | null;

export const liveInstagramPlugin = routePlugin<LiveInstagramOptions>('edge-live-instagram', (app, options) => {
  const transport = liveTransport(options);
  const cache = liveCache<Embed>(INSTAGRAM_CACHE, options);

  async function load(query: InstagramQuery): Promise<Embed> {
    const spec: CallSpec = {
      name: 'instagram-oembed',
      service: 'instagram',
      path: '/api/instagram',
      query: { url: query.url, hidecaption: query.hidecaption, maxwidth: query.maxwidth, omitscript: query.omitscript },
    };
    const result = await transport.call(spec);
    if (!result.found) return null;
    const body = oembedSchema.safeParse(result.body);
    if (!body.success) throw transport.badResponse(spec.name, result.url, body.error, '');
    const html = sanitizeInstagramHtml(body.data.html);
    if (html === '') {
      throw new PlatformError('UPSTREAM_BAD_RESPONSE', `Upstream ${spec.name} sent html without an Instagram embed (GET ${result.url})`, {
        details: { api: spec.name, url: result.url },
      });
    }
    return { html };
  }

  app.get(INSTAGRAM_PATH, async (request, reply) => {
    const parsed = parseInstagramQuery(splitRequestTarget(request.url).search);
    if (!parsed.ok) return replyInvalidQuery(reply, parsed.message);
    const { query } = parsed;
    let result;
    try {
      result = await cache.get(JSON.stringify([query.url, query.hidecaption, query.maxwidth, query.omitscript]), () => load(query));
    } catch (error) {
      if (!isPlatformError(error)) throw error;
      request.log.warn({ error, query }, INSTAGRAM_ERROR_TEXT);
      return replyUpstreamFailed(reply, error.code, INSTAGRAM_ERROR_TEXT);
    }
    if (result.stale) {
      request.log.warn({ error: result.error, query, ageMs: result.ageMs }, 'instagram oembed failed upstream; serving the last good answer');
      markStale(reply);
    }
    if (result.value === null) {
      request.log.info({ query }, 'instagram post not found upstream');
      return reply.code(404).header('cache-control', NO_STORE).send(liveErrorBody('UPSTREAM_NOT_FOUND', INSTAGRAM_ERROR_TEXT));
    }
    if (!result.stale) reply.header('cache-control', INSTAGRAM_CACHE_CONTROL);
    const body: InstagramResponse = { html: result.value.html };
    return reply.code(200).type(JSON_TYPE).send(body);
  });
  return Promise.resolve();
});
