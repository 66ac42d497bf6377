/**
 * One publish-latency sample: change an article's headline in the
 * sample upstream (its /__sample/ mutation API), tell ingest (a signed content-change webhook, or
 * an editor's republish), then poll the edge router until the page carries the new headline. The
 * sample is the time from just before the change to the first answer with the new headline.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { webhookHeaders } from '../../../ingest/webhook.js';

export interface LatencyEndpoints {
  upstreamUrl: string;
  adminUrl: string;
  siteUrl: string;
  webhookSecret: string;
  adminToken: string;
}

/** An article the bench edits: its upstream id, its page path, and the header it patches. */
export interface BenchArticle {
  id: string;
  path: string;
  header: Record<string, unknown>;
}

export type Trigger = 'event' | 'republish';

/**
 * How often the edge is asked whether the new page is there, at first (pollDelayMs): the figure's
 * resolution where the targets are (p50 ≤ 60 ms), so it adds about 2.5 ms on average.
 */
export const POLL_INTERVAL_MS = 5;

/** A headline nobody else writes: the run tag and the sample's number. */
export function benchHeadline(tag: string, n: number): string {
  return `Bench headline ${tag.replace(/[^a-z0-9]/gi, '')} number ${n}`;
}

async function ok(response: Response, what: string): Promise<void> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${text.slice(0, 200)}`);
}

/** Changes the article's headline (title, meta title and header headline) in the sample upstream. */
export async function changeHeadline(endpoints: LatencyEndpoints, article: BenchArticle, headline: string): Promise<void> {
  const response = await fetch(`${endpoints.upstreamUrl}/__sample/articles/${encodeURIComponent(article.id)}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: headline, meta_title: headline, header: { ...article.header, headline } }),
  });
  await ok(response, `PATCH article ${article.id}`);
}

/** The CMS's signed content-change event for an updated article (docs/architecture.md, "The path of a change", step 1). */
export async function sendArticleEvent(endpoints: LatencyEndpoints, article: BenchArticle, eventId: string): Promise<void> {
  const body = JSON.stringify({ id: eventId, kind: 'article', action: 'updated', contentId: article.id, path: article.path, occurredAt: new Date().toISOString() });
  const response = await fetch(`${endpoints.adminUrl}/webhooks/content`, { method: 'POST', headers: webhookHeaders(endpoints.webhookSecret, body), body });
  await ok(response, 'content webhook');
}

/** An editor's single-page republish (ingest/republish.ts): priority 1, never held by the event window. */
export async function sendRepublish(endpoints: LatencyEndpoints, article: BenchArticle): Promise<void> {
  const response = await fetch(`${endpoints.adminUrl}/admin/republish`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${endpoints.adminToken}` },
    body: JSON.stringify({ site: 'news', path: article.path, requestedBy: 'bench-latency' }),
  });
  await ok(response, 'republish');
}

/**
 * The number of the newest bench headline of run `tag` in a served page, or -1. A later edit of
 * the same article may overtake an earlier one before it is served: the page is then at least as
 * new as the earlier edit, which is what a reader needs.
 */
export function servedHeadlineNumber(html: string, tag: string): number {
  let newest = -1;
  const pattern = new RegExp(`Bench headline ${tag.replace(/[^a-z0-9]/gi, '')} number (\\d+)`, 'g');
  for (const match of html.matchAll(pattern)) newest = Math.max(newest, Number(match[1]));
  return newest;
}

/**
 * How long to wait before the next poll, by how long the sample has waited: 5 ms for the first
 * 500 ms (the resolution of a fast publish), 20 ms to 2 s, then 50 ms, then 200 ms after 5 s. Polling slow samples
 * as fast as fresh ones fed back into the figure: the poller shares the pipeline's process, and 40
 * samples in flight polling every 20 ms took the CPU the render worker needed (an earlier run of this bench).
 */
export function pollDelayMs(waitedMs: number): number {
  if (waitedMs < 500) return POLL_INTERVAL_MS;
  if (waitedMs < 2_000) return 20;
  if (waitedMs < 5_000) return 50;
  return 200;
}

/**
 * Polls the edge until the page carries headline `n` of run `tag` (or a later one); resolves with
 * the time. Conditional requests (If-None-Match with the last ETag) keep each unchanged poll to a
 * 304 with no body.
 */
export async function waitForServed(siteUrl: string, path: string, tag: string, n: number, timeoutMs: number): Promise<number> {
  const started = performance.now();
  let etag: string | null = null;
  for (;;) {
    const headers: Record<string, string> = etag === null ? {} : { 'if-none-match': etag };
    const response: Response = await fetch(`${siteUrl}${path}`, { headers });
    const body = await response.text();
    const now = performance.now();
    if (response.status === 200) {
      if (servedHeadlineNumber(body, tag) >= n) return now;
      etag = response.headers.get('etag');
    }
    if (now - started > timeoutMs) throw new Error(`${path} did not serve "${benchHeadline(tag, n)}" within ${timeoutMs} ms`);
    await sleep(pollDelayMs(now - started));
  }
}

/** One sample's times: the latency, and when it started and was served (epoch ms, to set beside the render job's times). */
export interface Sample {
  path: string;
  ms: number;
  startedAt: number;
  servedAt: number;
}

/** One sample: change, notify, wait. Milliseconds from the change to the new page served. */
export async function measureOne(endpoints: LatencyEndpoints, article: BenchArticle, trigger: Trigger, tag: string, n: number, timeoutMs: number): Promise<Sample> {
  // Wall-clock times beside the monotonic ones: BullMQ stamps jobs with Date.now(), and
  // performance.timeOrigin + now() drifts from it by milliseconds over a long run.
  const startedAt = Date.now();
  const started = performance.now();
  await changeHeadline(endpoints, article, benchHeadline(tag, n));
  if (trigger === 'event') await sendArticleEvent(endpoints, article, `bench-${tag}-${n}`);
  else await sendRepublish(endpoints, article);
  const served = await waitForServed(endpoints.siteUrl, article.path, tag, n, timeoutMs);
  return { path: article.path, ms: served - started, startedAt, servedAt: Date.now() };
}

/**
 * Runs `count` samples started at a steady rate (open loop: a slow sample does not delay the next
 * start), round-robin over `articles` so consecutive samples edit different pages. Resolves with
 * the latencies and the failures.
 */
export async function steadySamples(options: {
  endpoints: LatencyEndpoints;
  articles: readonly BenchArticle[];
  trigger: Trigger;
  count: number;
  perSecond: number;
  tag: string;
  timeoutMs: number;
}): Promise<{ latencies: number[]; samples: Sample[]; failures: string[] }> {
  const { endpoints, articles, trigger, count, perSecond, tag, timeoutMs } = options;
  const intervalMs = 1000 / perSecond;
  const startAt = performance.now();
  const pending: Array<Promise<Sample | Error>> = [];
  for (let n = 0; n < count; n += 1) {
    const wait = startAt + n * intervalMs - performance.now();
    if (wait > 0) await sleep(wait);
    const article = articles[n % articles.length];
    if (article === undefined) throw new Error('steadySamples needs at least one article');
    pending.push(measureOne(endpoints, article, trigger, tag, n, timeoutMs).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))));
  }
  const results = await Promise.all(pending);
  const samples = results.filter((r): r is Sample => !(r instanceof Error));
  return {
    latencies: samples.map((sample) => sample.ms),
    samples,
    failures: results.filter((r): r is Error => r instanceof Error).map((e) => e.message),
  };
}
