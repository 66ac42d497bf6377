/**
 * The weather content list's Show More (spec 1 §4 "Weather list: Show More appends items until
 * exhausted (tablet in multiples of 3)").
 *
 * The rule read here: the list starts with WEATHER_STEP items and each Show More appends
 * WEATHER_STEP more until every item shows, then the button goes. The step is 3 at every width,
 * so the count shown is always a multiple of 3 until the list is exhausted, which fills the
 * tablet grid's rows of 3 (styles.ts lays the list out 3 across from 768px).
 *
 * Progressive enhancement: the server render is every item (a reader without script sees the
 * whole list); once hydrated, the items past the first step are hidden and the button appears.
 *
 * The button reads in the edition's language (ui-text `showMore`), from a validated `site` prop
 * that the server render and the hydration share; without one, the news edition's.
 */
import { useEffect, useId, useState } from 'react';
import { IslandPropsError, type JsonObject } from '../island-props.js';
import { isRecord } from '../../core/isomorphic/guards.js';
import { hasSafeUrlStart } from '../../core/isomorphic/safe-url.js';
import { isSiteId, type SiteId } from '../../core/isomorphic/sites.js';
import { uiText } from '../../core/isomorphic/ui-text.js';

/** Items shown first and appended per Show More: multiples of 3 for the tablet rows. */
export const WEATHER_STEP = 3;
/** The news edition's button text (spec 1 §4); each edition's is ui-text `showMore`. */
export const WEATHER_SHOW_MORE: string = uiText('news').showMore;

export type WeatherListItem = {
  title: string;
  url: string;
  description?: string;
  image?: { src: string; alt: string; width: number; height: number; srcSet?: string; sizes?: string };
};

export type WeatherListProps = {
  title?: string;
  items: WeatherListItem[];
  /** The edition, whose language the button is in. Default news. */
  site?: SiteId;
};

function parseImage(value: unknown): WeatherListItem['image'] | undefined {
  if (!isRecord(value)) return undefined;
  const { src, alt, width, height, srcSet, sizes } = value;
  if (typeof src !== 'string' || !hasSafeUrlStart(src) || typeof alt !== 'string' || typeof width !== 'number' || typeof height !== 'number') return undefined;
  return { src, alt, width, height, ...(typeof srcSet === 'string' ? { srcSet } : {}), ...(typeof sizes === 'string' ? { sizes } : {}) };
}

export function parseWeatherListProps(props: JsonObject): WeatherListProps {
  const { title, items, site } = props;
  if (title !== undefined && typeof title !== 'string') throw new IslandPropsError('WeatherList title must be a string');
  if (!Array.isArray(items)) throw new IslandPropsError('WeatherList needs an items array');
  if (site !== undefined && !isSiteId(site)) throw new IslandPropsError('WeatherList site must be a site id');
  const parsed = items.flatMap((item): WeatherListItem[] => {
    if (!isRecord(item) || typeof item.title !== 'string' || typeof item.url !== 'string' || !hasSafeUrlStart(item.url)) return [];
    const image = parseImage(item.image);
    return [
      {
        title: item.title,
        url: item.url,
        ...(typeof item.description === 'string' ? { description: item.description } : {}),
        ...(image === undefined ? {} : { image }),
      },
    ];
  });
  return { ...(title === undefined ? {} : { title }), items: parsed, ...(site === undefined ? {} : { site }) };
}

export function WeatherList({ title, items, site = 'news' }: WeatherListProps) {
  // null: not hydrated, every item shows (the server render and readers without script).
  const [shown, setShown] = useState<number | null>(null);
  useEffect(() => setShown(WEATHER_STEP), []);
  const visible = shown ?? items.length;
  const listId = `weather-list-${useId().replace(/[^\w-]/g, '')}`;

  return (
    <section className="weather-list">
      {title ? <h2>{title}</h2> : null}
      <ul id={listId}>
        {items.map((item, i) => (
          <li key={i} hidden={i >= visible}>
            <a href={item.url}>
              {item.image ? <img src={item.image.src} alt={item.image.alt} srcSet={item.image.srcSet} sizes={item.image.sizes} width={item.image.width} height={item.image.height} loading="lazy" decoding="async" /> : null}
              <span className="title">{item.title}</span>
            </a>
            {item.description ? <p>{item.description}</p> : null}
          </li>
        ))}
      </ul>
      {visible < items.length ? (
        <button type="button" className="show-more" aria-controls={listId} onClick={() => setShown(visible + WEATHER_STEP)}>
          {uiText(site).showMore}
        </button>
      ) : null}
    </section>
  );
}
