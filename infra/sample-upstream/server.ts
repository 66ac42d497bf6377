/**
 * The sample upstream: a Fastify server that answers the upstream calls the site makes today,
 * exactly as docs/upstream-contract.md describes them, from the starter dataset in ./data.
 *
 * Under /__sample/ it also has test scaffolding that no real upstream has: a mutation API to change
 * content (then post a content-change event to ingest), a reset, and a fault switch.
 */
import Fastify, { type FastifyReply } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { isPlatformError } from '../../core/errors.js';
import { createLogger, type Logger } from '../../core/logger.js';
import { describeIssues, fullArticleSchema } from '../../core/upstream/schemas.js';
import { createDataset, type Dataset } from './data/index.js';
import { SAMPLE_SCHEDULE_WEEK } from './data/schedule.js';
import { sampleClock } from './sample-clock.js';
import { SAMPLE_IMAGE_BASE } from './data/images.js';
import { FaultSwitch, parseFaultSpec } from './faults.js';
import { translateJsonBody, translationFor } from './translation.js';
import { concatSequences, SampleStore, summarise, type JsonRecord } from './store.js';
import type { SyntheticOptions } from './synthetic/index.js';
import { registerTagRoutes } from './tag-routes.js';
import { registerStaticRoutes } from './static-routes.js';
import { registerVideoRoutes } from './video-routes.js';
import { registerScheduleRoutes } from './schedule-routes.js';
import { registerSearchRoutes } from './search-routes.js';
import { registerCommerceRoutes } from './commerce-routes.js';
import { registerFormsRoutes } from './forms-routes.js';
import { registerShowRoutes } from './show-routes.js';
import { registerLiveEventRoutes } from './live-event-routes.js';
import { registerLivePlaylistRoutes } from './live-playlist-routes.js';

export interface SampleUpstreamOptions {
  /** Starting content; a fresh copy of the starter dataset when omitted. Reset returns to it. */
  dataset?: Dataset;
  /** Request logs; silent when omitted. */
  logger?: Logger;
  /**
   * A synthetic site served on top of the dataset (for the benchmarks), generated on demand rather than held:
   * up to a million articles (synthetic/index.ts). Reset keeps it and drops the edits made to it.
   */
  synthetic?: SyntheticOptions;
  /**
   * The time the sample starts at: when set, answers carry dates moved by whole days so the newest
   * story and the schedule week are current (sample-clock.ts). Unset, the dataset's fixed dates are
   * served as written (tests stay deterministic).
   */
  now?: Date;
}

export interface StartSampleUpstreamOptions extends SampleUpstreamOptions {
  /** 0 picks a free port (tests). */
  port?: number;
  host?: string;
}

export interface RunningSampleUpstream {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:4010 (UPSTREAM_BASE_URL). */
  url: string;
  app: SampleUpstreamApp;
  close(): Promise<void>;
}

const START_DEFAULTS = { port: 4010, host: '127.0.0.1' } as const;

/** Article search and site map paging limits. */
const LIMITS = { searchDefaultSize: 10, searchMaxSize: 100, siteMapDefaultSize: 1000, siteMapMaxSize: 5000 } as const;

const jsonObject = z.record(z.string(), z.unknown());

const layoutQuery = z.looseObject({ subtype: z.string().min(1), elementId: z.string().default('') });
const pathQuery = z.looseObject({ path: z.string().min(1) });
const urlQuery = z.looseObject({ url: z.string().min(1) });
const searchQuery = z.looseObject({
  size: z.coerce.number().int().min(1).max(LIMITS.searchMaxSize).default(LIMITS.searchDefaultSize),
  from: z.coerce.number().int().min(0).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  isCategory: z.enum(['true', 'false']).optional(),
  searchSelected: z.string().optional(),
  searchBy: z.string().optional(),
  value: z.string().optional(),
  contentTypes: z.string().optional(),
});
const siteMapQuery = z.looseObject({
  from: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(LIMITS.siteMapMaxSize).default(LIMITS.siteMapDefaultSize),
});
const layoutBody = z.looseObject({ subtype: z.string().min(1), elementId: z.string() });
const categoryBody = z.looseObject({ path: z.string().startsWith('/') });
const idParams = z.object({ id: z.string().min(1) });

class BadRequest extends Error {}

function parse<S extends z.ZodType>(schema: S, data: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new BadRequest(`Invalid ${what}: ${describeIssues(result.error)}`);
  return result.data;
}

/** The contract's envelope (spec 1 §7: the generic helper reads data.data.results). */
function envelope(results: unknown[], extra: Record<string, unknown> = {}): { data: Record<string, unknown> } {
  return { data: { results, ...extra } };
}

function notFound(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(404).send({ data: { results: [] }, error: { code: 'NOT_FOUND', message } });
}

/** Content types asked for by article search's `contentTypes` ({"slideshow":true}); all when absent. */
function wantedTypes(raw: string | undefined): Set<string> | undefined {
  if (raw === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new BadRequest('Invalid contentTypes: must be a JSON object such as {"slideshow":true}');
  }
  const parsed = z.record(z.string(), z.boolean()).safeParse(value);
  if (!parsed.success) throw new BadRequest('Invalid contentTypes: must be a JSON object of booleans');
  return new Set(Object.entries(parsed.data).filter(([, on]) => on).map(([type]) => type));
}

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A placeholder picture for the dataset's image URLs: a coloured panel with the image's name. */
function placeholderSvg(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const label = escapeXml(name.replace(/\.svg$/, '').split('/').pop()?.replace(/-/g, ' ') ?? 'image');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">` +
    `<rect width="1200" height="675" fill="hsl(${hue} 45% 40%)"/>` +
    `<text x="600" y="350" font-family="sans-serif" font-size="48" fill="#fff" text-anchor="middle">${label}</text></svg>`
  );
}

function createApp(logger: Logger) {
  // A test and demo server: closing it must not wait for clients' idle keep-alive sockets.
  return Fastify({ loggerInstance: logger, forceCloseConnections: true });
}

/** The sample upstream's Fastify instance (its logger is a pino Logger). */
export type SampleUpstreamApp = ReturnType<typeof createApp>;

export function buildSampleUpstream(options: SampleUpstreamOptions = {}): SampleUpstreamApp {
  const app = createApp(options.logger ?? createLogger({ component: 'sample-upstream', level: 'silent' }));
  const initial = options.dataset;
  const store = new SampleStore(initial === undefined ? undefined : () => structuredClone(initial), options.synthetic);
  const faults = new FaultSwitch();

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof BadRequest || isPlatformError(error, 'INVALID_EVENT')) {
      return reply.code(400).send({ error: { code: 'BAD_REQUEST', message: error.message } });
    }
    const status = typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    const message = error instanceof Error ? error.message : String(error);
    return reply.code(status).send({ error: { code: status < 500 ? 'BAD_REQUEST' : 'INTERNAL', message } });
  });

  // The fault switch sits in front of every contract route, never in front of /__sample/.
  app.addHook('onRequest', async (request, reply) => {
    const url = new URL(request.url, 'http://sample.invalid');
    if (url.pathname.startsWith('/__sample/')) return;
    const fault = faults.take(url.pathname, url.searchParams);
    if (!fault) return;
    if (fault.mode === 'delay') {
      await sleep(fault.delayMs);
      return;
    }
    if (fault.mode === 'malformed') {
      return reply.code(200).type('application/json').send('{"data": {"results": [{"id": "trunc');
    }
    return reply.code(fault.status).send({ error: { code: 'INJECTED_FAULT', message: `Injected fault ${fault.id}` } });
  });

  // Spanish answers for the Spanish edition (translation.ts, ADR 0019), for every contract route.
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || request.url.startsWith('/__sample/')) return payload;
    const contentType = reply.getHeader('content-type');
    if (typeof contentType !== 'string' || !contentType.startsWith('application/json')) return payload;
    const table = translationFor(request.headers['accept-language'], request.url);
    return table === null ? payload : translateJsonBody(payload, table);
  });

  // The dataset names its images on the default address (data/images.ts). Answers point them at
  // the address this server was actually reached on, so images load on any port (tests use free
  // ports). Only the sample does this; a real CMS sends its image CDN's URLs.
  app.addHook('onSend', async (request, reply, payload) => {
    const host = request.headers.host;
    if (typeof payload !== 'string' || host === undefined || !/^[\w.-]+(:\d+)?$/.test(host)) return payload;
    const base = `http://${host}/images`;
    return base === SAMPLE_IMAGE_BASE ? payload : payload.split(SAMPLE_IMAGE_BASE).join(base);
  });

  // Dates moved to the start time (a sample that stays current: sample-clock.ts), after the image hook.
  if (options.now !== undefined) {
    const articles = (initial ?? createDataset()).articles;
    const newest = articles.reduce((latest, article) => {
      const date = article.publication_date ?? '';
      return !Number.isNaN(Date.parse(date)) && date > latest ? date : latest;
    }, '1970-01-01T00:00:00Z');
    const clock = sampleClock(options.now, newest, SAMPLE_SCHEDULE_WEEK[0]);
    app.addHook('onSend', async (request, _reply, payload) => {
      if (typeof payload !== 'string') return payload;
      return clock.shift(new URL(request.url, 'http://sample.invalid').pathname, payload);
    });
  }

  // --- Contract routes (docs/upstream-contract.md) -------------------------------------------

  app.get('/layouts', (request, reply) => {
    const { subtype, elementId } = parse(layoutQuery, request.query, 'layout query');
    const layout = store.layouts.get(SampleStore.layoutKey(subtype, elementId));
    return layout ? envelope([layout]) : notFound(reply, `No layout ${subtype}/${elementId}`);
  });

  app.get('/api/article', (request, reply) => {
    const { path } = parse(pathQuery, request.query, 'article query');
    const article = store.articleByPath(path);
    return article ? envelope([article]) : notFound(reply, `No article at ${path}`);
  });

  app.get('/api/category', (request, reply) => {
    const { path } = parse(pathQuery, request.query, 'category query');
    const category = store.categories.get(path);
    return category ? envelope([category]) : notFound(reply, `No category at ${path}`);
  });

  app.get('/api/person', (request, reply) => {
    // all=true lists every person (spec 2 §7 fetchAll).
    if ((request.query as Record<string, unknown>).all === 'true') return envelope([...store.people.values()]);
    // url is "{domain}/person/{p}/{slug}" (spec 2 §7 fetchByUrl); the slug identifies the person.
    const { url } = parse(urlQuery, request.query, 'person query');
    const slug = url.split('/').filter(Boolean).pop() ?? '';
    const person = store.people.get(slug);
    return person ? envelope([person]) : notFound(reply, `No person at ${url}`);
  });

  registerTagRoutes(app, { categories: () => store.categories });

  app.get('/api/article-search', (request) => {
    const query = parse(searchQuery, request.query, 'article search query');
    const from = query.from ?? query.offset ?? 0;
    const types = wantedTypes(query.contentTypes);
    const urls = query.searchBy === 'urls' ? new Set((query.value ?? '').split(',').filter(Boolean)) : undefined;
    const category = query.isCategory === 'true' ? query.searchSelected : undefined;
    // Only the page is built: the list is a lazy merge (a synthetic site may hold a million articles).
    const matches = store.newestFirst({ category, types, urls });
    const page = matches.page(from, query.size).map(({ article, path }) => summarise(article, path));
    return envelope(page, { total: matches.total });
  });

  app.get('/api/sitemap', (request) => {
    const { from, size } = parse(siteMapQuery, request.query, 'site map query');
    // The video and live-event services keep their own records (their routes' test scaffolding
    // changes them), so their pages join the site map from there.
    // Paged without joining them into one array: a synthetic site's map has a million entries.
    const entries = concatSequences([store.siteMap(), videoPages(new Date()), liveEventPages()]);
    return envelope(entries.slice(from, from + size), { total: entries.length });
  });

  registerStaticRoutes(app);
  const videoPages = registerVideoRoutes(app);
  registerSearchRoutes(app, { articles: () => store.newestFirst().walk() });
  registerScheduleRoutes(app);
  registerCommerceRoutes(app);
  registerFormsRoutes(app);
  registerShowRoutes(app, () => store.shows);
  const liveEventPages = registerLiveEventRoutes(app);
  registerLivePlaylistRoutes(app);

  app.get('/images/*', (request, reply) => {
    const name = parse(z.object({ '*': z.string().max(200) }), request.params, 'image name')['*'];
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(placeholderSvg(name));
  });

  // --- Test scaffolding: not part of the contract ---------------------------------------------

  app.get('/__sample/health', () => ({ ok: true, articles: store.articleCount }));

  app.post('/__sample/reset', () => {
    store.reset();
    faults.clear();
    return { ok: true };
  });

  /** Replaces (or creates) an article. Not validated, so a test can serve an off-contract record. */
  app.put('/__sample/articles/:id', (request) => {
    const { id } = parse(idParams, request.params, 'article id');
    const body = parse(jsonObject, request.body, 'article');
    const record: JsonRecord = { ...body, id };
    store.setArticle(id, record);
    return { ok: true, article: record, valid: fullArticleSchema.safeParse(record).success };
  });

  /** Shallow-merges top-level fields into an article (e.g. { "title": "New title" }). */
  app.patch('/__sample/articles/:id', (request, reply) => {
    const { id } = parse(idParams, request.params, 'article id');
    const existing = store.getArticle(id);
    if (!existing) return notFound(reply, `No article ${id}`);
    const record: JsonRecord = { ...existing, ...parse(jsonObject, request.body, 'article patch'), id };
    store.setArticle(id, record);
    return { ok: true, article: record, valid: fullArticleSchema.safeParse(record).success };
  });

  app.delete('/__sample/articles/:id', (request, reply) => {
    const { id } = parse(idParams, request.params, 'article id');
    return store.deleteArticle(id) ? { ok: true } : notFound(reply, `No article ${id}`);
  });

  app.put('/__sample/categories', (request) => {
    const category = parse(categoryBody, request.body, 'category');
    store.categories.set(category.path, category);
    return { ok: true };
  });

  app.put('/__sample/layouts', (request) => {
    const layout = parse(layoutBody, request.body, 'layout');
    store.layouts.set(SampleStore.layoutKey(layout.subtype, layout.elementId), layout);
    return { ok: true };
  });

  app.get('/__sample/faults', () => ({ faults: faults.list() }));

  app.post('/__sample/faults', (request, reply) => {
    const fault = faults.add(parseFaultSpec(request.body));
    return reply.code(201).send({ ok: true, fault });
  });

  app.delete('/__sample/faults', () => {
    faults.clear();
    return { ok: true };
  });

  return app;
}

export async function startSampleUpstream(options: StartSampleUpstreamOptions = {}): Promise<RunningSampleUpstream> {
  const settings = { port: options.port ?? START_DEFAULTS.port, host: options.host ?? START_DEFAULTS.host };
  const app = buildSampleUpstream(options);
  await app.listen({ port: settings.port, host: settings.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : settings.port;
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  return { url: `http://${host}:${port}`, app, close: () => app.close() };
}
