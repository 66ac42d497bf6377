import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IslandPropsError } from '../island-props.js';
import { uiText } from '../../core/isomorphic/ui-text.js';
import {
  easternTimeLabel,
  parseTvScheduleProps,
  parseTvScheduleResponse,
  TV_SCHEDULE_ENDPOINT,
  TvSchedule,
  tvScheduleFailureEntry,
  tvScheduleRequestUrl,
} from './tv-schedule.island.js';

describe('TV schedule island (spec 2 §2-§4, §8, §9)', () => {
  it('server-renders the channel tabs with News selected and a busy panel', () => {
    const html = renderToString(<TvSchedule title="On Air" channel="news" endpoint="/api/schedule" />);
    expect(html).toContain('role="tablist"');
    expect(html).toMatch(/role="tab" id="[^"]+" aria-selected="true" aria-controls="[^"]+" tabindex="0">News</);
    expect(html).toMatch(/role="tab" id="[^"]+" aria-selected="false" aria-controls="[^"]+" tabindex="-1">Business</);
    expect(html).toMatch(/role="tabpanel"[^>]*aria-busy="true"/);
  });

  it('shows times as the Eastern wall clock the endpoint sends', () => {
    expect(easternTimeLabel('2022-03-30T14:00:00-04:00')).toBe('2:00 PM ET');
    expect(easternTimeLabel('2022-03-30T00:30:00-04:00')).toBe('12:30 AM ET');
    expect(easternTimeLabel('2022-03-30T12:00:00-04:00')).toBe('12:00 PM ET');
  });

  it("builds the spec 2 §8 failure entry: 'Live', '{code} - {message}', linking home", () => {
    expect(tvScheduleFailureEntry(uiText('news').scheduleFailureTitle, 'HTTP_429', 'Too Many Requests')).toMatchObject({ title: 'Live', link: '/', description: 'HTTP_429 - Too Many Requests' });
  });

  it("names the failure entry in the Spanish edition's words", () => {
    expect(tvScheduleFailureEntry(uiText('es').scheduleFailureTitle, 'HTTP_429', 'Too Many Requests')).toMatchObject({ title: 'En vivo', link: '/' });
  });

  it('asks for the channel, with dt only when the layout set one', () => {
    expect(tvScheduleRequestUrl('/api/schedule', 'business', undefined)).toBe('/api/schedule?channel=business');
    expect(tvScheduleRequestUrl('/api/schedule', 'news', '2022-03-30')).toBe('/api/schedule?channel=news&dt=2022-03-30');
  });

  it('keeps only usable entries and safe links from the answer', () => {
    expect(
      parseTvScheduleResponse({
        entries: [
          { title: 'Show', start: '2022-03-30T14:00:00-04:00', link: 'javascript:alert(1)', mobile: true },
          { title: '', start: '2022-03-30T15:00:00-04:00' },
          { title: 'Next', start: '2022-03-30T15:00:00-04:00', link: '/shows/next', mobile: false },
        ],
      }),
    ).toEqual([
      { title: 'Show', start: '2022-03-30T14:00:00-04:00', mobile: true },
      { title: 'Next', start: '2022-03-30T15:00:00-04:00', link: '/shows/next', mobile: false },
    ]);
    expect(parseTvScheduleResponse({ items: [] })).toBeNull();
  });

  it('validates its props', () => {
    expect(() => parseTvScheduleProps({ title: 'T', channel: 'sports', endpoint: '/api/schedule' })).toThrow(IslandPropsError);
    expect(() => parseTvScheduleProps({ title: 'T', channel: 'news', dt: '2022-02-31', endpoint: '/api/schedule' })).toThrow(IslandPropsError);
  });
});

describe('TvSchedule on the Spanish edition', () => {
  it('labels its tabs and its loading state in Spanish, and refuses an unknown edition', () => {
    const html = renderToStaticMarkup(<TvSchedule title="Programación de TV" channel="news" endpoint={TV_SCHEDULE_ENDPOINT} site="es" />);
    expect(html).toContain('aria-label="Canal"');
    expect(html).toContain('>Noticias</button>');
    expect(html).toContain('>Negocios</button>');
    expect(html).toContain('Cargando la programación…');
    expect(() => parseTvScheduleProps({ title: 'T', channel: 'news', endpoint: TV_SCHEDULE_ENDPOINT, site: 'fr' })).toThrow(IslandPropsError);
  });
});
