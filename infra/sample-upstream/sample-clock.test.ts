import { describe, expect, it } from 'vitest';
import { sampleClock } from './sample-clock.js';
import { buildSampleUpstream } from './server.js';

const NOW = new Date('2026-11-26T12:00:00Z');

describe('sampleClock', () => {
  const clock = sampleClock(NOW, '2025-03-18T16:40:00Z', '2022-03-28');

  it('moves content dates by whole days so the newest story lands within the day before now', () => {
    const moved = JSON.parse(clock.shift('/api/article', '{"a":"2025-03-18T16:40:00Z","b":"2025-03-17T09:00:00.000Z","slug":"final-2020"}')) as Record<string, string>;
    const newest = Date.parse(moved.a ?? '');
    expect(NOW.getTime() - newest).toBeGreaterThanOrEqual(0);
    expect(NOW.getTime() - newest).toBeLessThan(86_400_000);
    expect(moved.a?.slice(10)).toBe('T16:40:00Z');
    expect(Date.parse(moved.a ?? '') - Date.parse(moved.b ?? '')).toBe(Date.parse('2025-03-18T16:40:00Z') - Date.parse('2025-03-17T09:00:00.000Z'));
    expect(moved.slug).toBe('final-2020');
  });

  it('moves the schedule by whole weeks to the current week, bare dates included, and leaves live events alone', () => {
    expect(clock.scheduleDays % 7).toBe(0);
    const moved = JSON.parse(clock.shift('/schedule/fnc.json', '{"value":"2022-03-28","start":"2022-03-28T06:00:00-04:00"}')) as Record<string, string>;
    expect(new Date(`${moved.value ?? ''}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(NOW.getTime() - Date.parse(`${moved.value ?? ''}T00:00:00Z`)).toBeLessThan(7 * 86_400_000);
    expect(moved.start).toBe(`${moved.value ?? ''}T06:00:00-04:00`);
    const live = '{"date":"2026-03-01T23:00:00Z"}';
    expect(clock.shift('/api/live-event', live)).toBe(live);
  });

  it("sets a layout's TV guide day to today (US Eastern), within the moved schedule week", () => {
    const moved = JSON.parse(clock.shift('/api/layout', '{"model":{"channel":"news","dt":"2022-03-30"}}')) as { model: { dt: string } };
    expect(moved.model.dt).toBe('2026-11-26');
  });

  it("moves a countdown's end by whole years to its first occurrence after now, not by days", () => {
    const moved = JSON.parse(clock.shift('/api/staticpage', '{"endDate":"2026-01-01T00:00:00-05:00","published":"2025-03-18T16:40:00Z"}')) as Record<string, string>;
    expect(moved.endDate).toBe('2027-01-01T00:00:00-05:00');
    expect(moved.published).not.toBe('2025-03-18T16:40:00Z');
    const beforeNewYear = sampleClock(new Date('2026-12-31T23:00:00-05:00'), '2025-03-18T16:40:00Z', '2022-03-28');
    expect(JSON.parse(beforeNewYear.shift('/api/staticpage', '{"endDate":"2026-01-01T00:00:00-05:00"}'))).toEqual({ endDate: '2027-01-01T00:00:00-05:00' });
    const afterNewYear = sampleClock(new Date('2027-01-01T00:00:01-05:00'), '2025-03-18T16:40:00Z', '2022-03-28');
    expect(JSON.parse(afterNewYear.shift('/api/staticpage', '{"endDate":"2026-01-01T00:00:00-05:00"}'))).toEqual({ endDate: '2028-01-01T00:00:00-05:00' });
  });

  it('is not used without now: the sample answers its fixed dates', async () => {
    const app = buildSampleUpstream();
    const body = (await app.inject({ url: '/api/article?path=/politics/senate-panel-advances-rural-broadband-bill' })).json<{ data: { results: Array<{ publication_date: string }> } }>();
    expect(body.data.results[0]?.publication_date).toBe('2025-03-18T13:05:00Z');
    await app.close();
  });
});
