/**
 * A sample that stays current: started with `now`, as `npm start` starts
 * it, the sample's newest stories fall in the news sitemap's 48 hours and today's TV guide has
 * shows. Real Redis, filesystem storage, the edge router over HTTP.
 */
import { formatInTimeZone } from 'date-fns-tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_TIME_ZONE } from '../../core/isomorphic/constants.js';
import type { Stack } from '../../infra/local/stack.js';
import { startTestStack, type TestStack } from '../support/stack.js';

let running: TestStack;
let stack: Stack;
const startedAt = new Date();

beforeAll(async () => {
  running = await startTestStack({ sampleNow: startedAt });
  stack = running.stack;
}, 60_000);

afterAll(async () => {
  await running?.stop();
});

describe('a fresh sample started now', () => {
  it('publishes a news sitemap with the last two days\' stories', async () => {
    // The news sitemap is built from the upstream's latest articles, not from other stored pages:
    // it is the one page this test reads.
    const summary = await stack.publishSite({ sites: ['news'], only: ({ path }) => path === '/sitemap-news.xml' });
    expect(summary).toMatchObject({ total: 1, completed: 1, failed: [] });
    const response = await fetch(`${stack.siteUrl}/sitemap-news.xml`);
    expect(response.status).toBe(200);
    const xml = await response.text();
    const published = [...xml.matchAll(/<news:publication_date>([^<]+)<\/news:publication_date>/g)].map((m) => Date.parse(m[1] ?? ''));
    expect(published.length).toBeGreaterThan(0);
    for (const time of published) expect(startedAt.getTime() - time).toBeLessThanOrEqual(48 * 3_600_000);
  }, 120_000);

  it('has today\'s TV guide on both channels', async () => {
    const today = formatInTimeZone(new Date(), SITE_TIME_ZONE, 'yyyy-MM-dd');
    for (const channel of ['news', 'business']) {
      const response = await fetch(`${stack.siteUrl}/api/schedule?channel=${channel}`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { date: string; entries: Array<{ title: string; startUtc: string }> };
      expect(body.date).toBe(today);
      expect(body.entries.length).toBeGreaterThan(0);
      expect(body.entries.map((entry) => entry.title)).not.toContain('Live');
    }
  });

  it('lists its newest story within the last day, and keeps the schedule\'s days of the week', async () => {
    const search = (await (await fetch(`${stack.upstreamUrl}/api/article-search?size=1`)).json()) as { data: { results: Array<{ publicationDate: string }> } };
    const newest = Date.parse(search.data.results[0]?.publicationDate ?? '');
    expect(startedAt.getTime() - newest).toBeGreaterThanOrEqual(0);
    expect(startedAt.getTime() - newest).toBeLessThan(24 * 3_600_000);
    const feed = (await (await fetch(`${stack.upstreamUrl}/schedule/fnc.json`)).json()) as { day: Array<{ attributes: { value: string; 'day-of-week': string } }> };
    for (const day of feed.day) expect(new Date(`${day.attributes.value}T12:00:00Z`).getUTCDay()).toBe(Number(day.attributes['day-of-week']));
  });
});
