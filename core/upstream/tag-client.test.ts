import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseUpstreamConfig } from '../config/upstream.js';
import { isPlatformError } from '../errors.js';
import { createLogger } from '../logger.js';
import { startSampleUpstream, type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { frontAdModelSchema, AD_SIZES_MESSAGE, summaryItemSchema } from './component-schemas.js';
import { createTagClient, DEFAULT_WING_COLOR, tagPathFor, type TagClient } from './tag-client.js';

let upstream: RunningSampleUpstream;
let tags: TagClient;
const recorded: string[] = [];

beforeAll(async () => {
  upstream = await startSampleUpstream({ port: 0 });
  const config = parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000' });
  tags = createTagClient({ config, logger: createLogger({ component: 'test', level: 'silent' }), recorder: { record: (key) => recorded.push(key) } });
});
beforeEach(async () => {
  recorded.length = 0;
  await fetch(`${upstream.url}/__sample/reset`, { method: 'POST' });
});
afterAll(async () => {
  await upstream.close();
});

async function fault(body: unknown): Promise<void> {
  await fetch(`${upstream.url}/__sample/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('tagPathFor (spec 1 §7, spec 2 §7)', () => {
  it("is 'fox-news/' plus the path minus a leading /category/", () => {
    expect(tagPathFor('/category/politics/elections')).toBe('fox-news/politics/elections');
    expect(tagPathFor('/category/us/personal-freedoms/america-together')).toBe('fox-news/us/personal-freedoms/america-together');
    expect(tagPathFor('/lifestyle')).toBe('fox-news/lifestyle');
  });
});

describe('createTagClient', () => {
  it('reads a tag, records tag:<path> and fills the default wing colour #FF0000', async () => {
    const tag = await tags.getTagByPath('fox-news/lifestyle');
    expect(tag?.title).toBe('Lifestyle');
    expect(tag?.sponsor?.wingColor).toBe(DEFAULT_WING_COLOR);
    expect(DEFAULT_WING_COLOR).toBe('#FF0000');
    expect(recorded).toEqual(['tag:fox-news/lifestyle']);
  });

  it('answers null for 404 and still records the key', async () => {
    expect(await tags.getTagByPath('fox-news/no-such-tag')).toBeNull();
    expect(recorded).toEqual(['tag:fox-news/no-such-tag']);
  });

  it('throws UPSTREAM_UNAVAILABLE on 5xx and UPSTREAM_BAD_RESPONSE on malformed JSON', async () => {
    await fault({ path: '/api/tag', mode: 'status', status: 503, times: 1 });
    await expect(tags.getTagByPath('fox-news/lifestyle')).rejects.toSatisfy((e) => isPlatformError(e, 'UPSTREAM_UNAVAILABLE'));
    await fault({ path: '/api/tag', mode: 'malformed', times: 1 });
    await expect(tags.getTagByPath('fox-news/lifestyle')).rejects.toSatisfy((e) => isPlatformError(e, 'UPSTREAM_BAD_RESPONSE'));
  });
});

describe('component schemas', () => {
  it('refuses ad sizes that are not a list of strings (spec 1 §5)', () => {
    for (const sizes of [[300, 250], '300x250', []]) {
      const result = frontAdModelSchema.safeParse({ sizes });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(AD_SIZES_MESSAGE);
    }
    expect(AD_SIZES_MESSAGE).toBe('Ad slot sizes must be a list of strings');
    expect(frontAdModelSchema.safeParse({ sizes: ['300x250'] }).success).toBe(true);
  });

  it('knows the six summary content types (spec 1 §3) and refuses another', () => {
    expect(summaryItemSchema.safeParse({ content_type: 'text', text: 'a' }).success).toBe(true);
    expect(summaryItemSchema.safeParse({ content_type: 'brightcove_video', videoId: '1', title: 't' }).success).toBe(true);
    expect(summaryItemSchema.safeParse({ content_type: 'podcast', title: 't' }).success).toBe(false);
  });
});
