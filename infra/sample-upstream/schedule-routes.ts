/**
 * The sample upstream's schedule feeds (docs/upstream-contract.md §5.9; spec 2 §7 "Two schedule
 * feeds (news and business channels, JSON) returning day[].show[]", "supplied as bundled sample
 * data for the week 2022-03-28 to 2022-04-03"):
 *   GET /schedule/fnc.json   the news channel's week (data/schedule.ts)
 *   GET /schedule/fbn.json   the business channel's week
 * Any other feed name answers 404. The body is the schedule document itself, not the envelope.
 * Registered after the server's fault switch, so injected faults (a 500, malformed JSON, a delay)
 * reach it too.
 */
import { SCHEDULE_FEEDS, sampleSchedule, type ScheduleFeed } from './data/schedule.js';
import type { SampleUpstreamApp } from './server.js';

const FEED_FILE = /^([a-z]+)\.json$/;

function isFeed(name: string): name is ScheduleFeed {
  return (SCHEDULE_FEEDS as readonly string[]).includes(name);
}

export function registerScheduleRoutes(app: SampleUpstreamApp): void {
  // Generated once: the documents never change, and each answer is serialised afresh.
  const documents = new Map(SCHEDULE_FEEDS.map((feed) => [feed, sampleSchedule(feed)]));

  app.get<{ Params: { file: string } }>('/schedule/:file', (request, reply) => {
    const feed = FEED_FILE.exec(request.params.file)?.[1];
    const document = feed !== undefined && isFeed(feed) ? documents.get(feed) : undefined;
    if (document === undefined) {
      return reply.code(404).send({ error: { code: 'NOT_FOUND', message: `No schedule feed ${request.params.file.slice(0, 100)}` } });
    }
    return reply.header('cache-control', 'public, max-age=300').send(document);
  });
}
