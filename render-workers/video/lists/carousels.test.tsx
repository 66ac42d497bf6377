/**
 * The video-area list rules that need no upstream (spec 2 §2, §9): thumbnail sizes per item style,
 * the aired-only and at-most-10 card rules, live items, and the island's props for a 'list'.
 */
import { describe, expect, it } from 'vitest';
import type { RecommendedVideo } from '../../../core/upstream/video-client.js';
import { uiText } from '../../../core/isomorphic/ui-text.js';
import { renderToStaticMarkup } from 'react-dom/server';
import { parseVideoCarouselProps, VideoCarousel } from '../../../interactive-bundle/islands/video-carousel.island.js';
import { parseVideoLoadMoreProps } from '../../../interactive-bundle/islands/video-load-more.island.js';
import { cardImage } from './card-images.js';
import { liveCards, videoCards } from './carousels.js';

const NOW = new Date('2026-03-01T12:00:00Z');
const IMAGE = 'https://img.example/up/a.jpg';

function video(n: number, aired: string): RecommendedVideo {
  return { id: `v${n}`, type: 'video', attributes: { title: `Video ${n}`, url: `/video/v-${n}`, start_air_date: aired, duration: 95, thumbnail: { url: IMAGE } } };
}

describe('card images (spec 2 §9)', () => {
  it('uses 480x270, 360x203 and 240x135 for videos', () => {
    const image = cardImage(IMAGE, 'video');
    expect(image).toMatchObject({ width: 480, height: 270, src: 'https://img.example/up/480/270/a.jpg?ve=1&tl=1' });
    expect(image?.srcSet).toBe(['240/135 240w', '360/203 360w', '480/270 480w'].map((s) => `https://img.example/up/${s.split(' ')[0]}/a.jpg?ve=1&tl=1 ${s.split(' ')[1]}`).join(', '));
    expect(image?.sizes).toBe('(max-width: 767px) 240px, (max-width: 1023px) 360px, 480px');
  });

  it('uses the list thumbnails for live items: 132x74 and 268x148 mobile, 221x124 and 442x148 tablet, 227x128 desktop', () => {
    const image = cardImage(IMAGE, 'live');
    expect(image).toMatchObject({ width: 227, height: 128 });
    for (const size of ['132/74 132w', '221/124 221w', '227/128 227w', '268/148 268w', '442/148 442w']) {
      const [path, width] = size.split(' ');
      expect(image?.srcSet).toContain(`/${path}/a.jpg?ve=1&tl=1 ${width}`);
    }
  });

  it('uses show posters 196x294, 150x225, 128x192 and shows page posters from 268x402', () => {
    expect(cardImage(IMAGE, 'show')?.sizes).toBe('(max-width: 767px) 128px, (max-width: 1023px) 150px, 196px');
    expect(cardImage(IMAGE, 'shows-page')).toMatchObject({ width: 268, height: 402, sizes: '(max-width: 767px) 150px, (max-width: 1023px) 196px, 268px' });
    expect(cardImage('javascript:alert(1)', 'video')).toBeUndefined();
  });
});

describe('cards', () => {
  it('shows a video only once its air start has passed, at most 10', () => {
    const videos = [video(0, '2099-01-01T00:00:00Z'), ...Array.from({ length: 12 }, (_, i) => video(i + 1, '2025-01-01T00:00:00Z'))];
    const cards = videoCards(videos, NOW, uiText('news'));
    expect(cards).toHaveLength(10);
    expect(cards[0]).toMatchObject({ name: 'Video 1', url: '/video/v-1', duration: '1:35' });
    expect(cards.some((card) => card.name === 'Video 0')).toBe(false);
    // Aired exactly now: 0 minutes ago is not "more than 0 minutes ago".
    expect(videoCards([video(1, NOW.toISOString())], NOW, uiText('news'))).toEqual([]);
  });

  it('turns live items into cards labelled with their category, skipping unsafe links and future items', () => {
    const cards = liveCards(
      [
        { category: 'Fox News Channel', 'dc-date': '2025-03-18T14:00:00Z', guid: 'a', title: 'Live: the briefing room', link: '/video/live-briefing-room' },
        { category: 'Fox Business', 'dc-date': '2099-03-18T14:00:00Z', guid: 'b', title: 'Later', link: '/video/later' },
        { category: 'Radio', 'dc-date': '2025-03-18T14:00:00Z', guid: 'c', title: 'Bad', link: 'javascript:alert(1)' },
      ],
      NOW,
      uiText('news'),
    );
    expect(cards).toEqual([{ name: 'Live: the briefing room', url: '/video/live-briefing-room', label: 'LIVE · Fox News Channel' }]);
  });

  it("labels live items and full episodes in the Spanish edition's words", () => {
    const live = liveCards([{ category: 'Fox News Channel', 'dc-date': '2025-03-18T14:00:00Z', guid: 'a', title: 'En vivo: la sala de prensa', link: '/video/live-briefing-room' }], NOW, uiText('es'));
    expect(live[0]?.label).toBe('EN VIVO · Fox News Channel');
    const episode = { ...video(1, '2025-01-01T00:00:00Z'), attributes: { ...video(1, '2025-01-01T00:00:00Z').attributes, fullEpisode: true } };
    expect(videoCards([episode], NOW, uiText('es'))[0]?.label).toBe('EPISODIO COMPLETO');
    expect(videoCards([episode], NOW, uiText('news'))[0]?.label).toBe('FULL EPISODE');
  });
});

describe('VideoCarousel props (kind list)', () => {
  it('keeps the list fields and drops an unsafe see-all url or an unknown style', () => {
    expect(parseVideoCarouselProps({ kind: 'list', title: 'Latest', seeAllUrl: '/video/topics/us', itemStyle: 'live', videos: [{ name: 'A', url: '/video/a', label: 'LIVE' }] })).toEqual({
      kind: 'list',
      title: 'Latest',
      seeAllUrl: '/video/topics/us',
      itemStyle: 'live',
      videos: [{ name: 'A', url: '/video/a', label: 'LIVE' }],
    });
    expect(parseVideoCarouselProps({ kind: 'list', seeAllUrl: 'javascript:x', itemStyle: 'poster', videos: [] })).toEqual({ kind: 'list', videos: [] });
    // The article's strip keeps its old props.
    expect(parseVideoCarouselProps({ videos: [] })).toEqual({ videos: [] });
  });
});

describe('video islands in the edition of their page', () => {
  it('keeps a known site and refuses anything else, as every island does (the island is then skipped, its server HTML kept)', () => {
    expect(parseVideoCarouselProps({ kind: 'list', site: 'es', videos: [] })).toEqual({ kind: 'list', site: 'es', videos: [] });
    expect(() => parseVideoCarouselProps({ site: 'fr', videos: [] })).toThrow('VideoCarousel site must be a site id');
    const more = { title: 'Más videos', tag: 'fox-news/us', items: [], from: 3, hasMore: true };
    expect(parseVideoLoadMoreProps({ ...more, site: 'es' })).toEqual({ ...more, site: 'es' });
    expect(() => parseVideoLoadMoreProps({ ...more, site: 42 })).toThrow('VideoLoadMore site must be a site id');
  });

  it('labels the rail and its buttons in Spanish on the Spanish edition, in English otherwise', () => {
    const videos = [
      { name: 'A', url: '/video/a' },
      { name: 'B', url: '/video/b' },
    ];
    const es = renderToStaticMarkup(<VideoCarousel kind="list" title="Últimos videos" seeAllUrl="/video" site="es" videos={videos} />);
    expect(es).toContain('>Ver todo<');
    expect(es).toContain('aria-label="Videos anteriores"');
    expect(es).toContain('aria-label="Volver al inicio"');
    expect(es).not.toContain('Previous videos');
    const news = renderToStaticMarkup(<VideoCarousel kind="list" title="Latest" seeAllUrl="/video" videos={videos} />);
    expect(news).toContain('aria-label="Previous videos"');
    const strip = renderToStaticMarkup(<VideoCarousel site="es" videos={videos} />);
    expect(strip).toContain('aria-label="Videos recomendados"');
  });
});
