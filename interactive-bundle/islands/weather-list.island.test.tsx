/**
 * The weather list island (spec 1 §4 Show More): its button's text per edition, the server render
 * (every item, no button: the button appears once hydrated) and props parsing, the `site` prop included.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { uiText } from '../../core/isomorphic/ui-text.js';
import { IslandPropsError } from '../island-props.js';
import { parseWeatherListProps, WEATHER_SHOW_MORE, WeatherList } from './weather-list.island.js';

const items = ['Storm', 'Calm', 'Fog', 'Rain'].map((title) => ({ title, url: `/weather/${title.toLowerCase()}` }));

describe('weather list island', () => {
  it('keeps the news edition\'s Show More, and says Mostrar más on the es edition', () => {
    expect(WEATHER_SHOW_MORE).toBe('Show More');
    expect(uiText('news').showMore).toBe(WEATHER_SHOW_MORE);
    expect(uiText('es').showMore).toBe('Mostrar más');
  });

  it('server-renders every item and no button, whatever the edition', () => {
    const news = renderToString(<WeatherList title="Weather" items={items} />);
    expect(renderToString(<WeatherList title="Weather" items={items} site="news" />)).toBe(news);
    expect(renderToString(<WeatherList title="Weather" items={items} site="es" />)).toBe(news);
    expect(news).toContain('<h2>Weather</h2>');
    expect(news.match(/<li>/g)).toHaveLength(4);
    expect(news).not.toContain('<button');
  });

  it('takes the edition from a valid site prop and rejects any other', () => {
    expect(parseWeatherListProps({ items, site: 'es' })).toEqual({ items, site: 'es' });
    expect(parseWeatherListProps({ items, site: 'news' })).toEqual({ items, site: 'news' });
    expect(parseWeatherListProps({ title: 'Weather', items })).toEqual({ title: 'Weather', items });
    for (const site of ['fr', 'ES', '', 42, null, ['es']]) {
      expect(() => parseWeatherListProps({ items, site })).toThrow(IslandPropsError);
    }
  });

  it('validates the rest of its props', () => {
    expect(() => parseWeatherListProps({ items: 'x' })).toThrow(IslandPropsError);
    expect(() => parseWeatherListProps({ title: 3, items })).toThrow(IslandPropsError);
    // Items without a safe address are dropped, not shown.
    expect(parseWeatherListProps({ items: [{ title: 'Bad', url: 'javascript:alert(1)' }, ...items] }).items).toEqual(items);
  });
});
