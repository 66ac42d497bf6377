import { describe, expect, it } from 'vitest';
import { resolveImagePaths } from './image-paths.js';

const BASE = 'https://images.example.com';

describe('resolveImagePaths', () => {
  it('resolves site-relative image fields against the image service', () => {
    const layout = {
      main: [
        { type: 'recirculation', model: { items: [{ title: 'Weather', url: '/weather', imageUrl: '/images/recirc.svg' }] } },
        { type: 'business-sites', model: { items: [{ link: '/x', alt: 'Site', image: '/images/site.svg' }] } },
        { type: 'promo-slideshow', model: { slides: [{ image: '/images/slide.svg', imageAlt: 'A slide', url: '/shows/a' }] } },
      ],
    };
    expect(resolveImagePaths(layout, BASE)).toEqual({
      main: [
        { type: 'recirculation', model: { items: [{ title: 'Weather', url: '/weather', imageUrl: `${BASE}/images/recirc.svg` }] } },
        { type: 'business-sites', model: { items: [{ link: '/x', alt: 'Site', image: `${BASE}/images/site.svg` }] } },
        { type: 'promo-slideshow', model: { slides: [{ image: `${BASE}/images/slide.svg`, imageAlt: 'A slide', url: '/shows/a' }] } },
      ],
    });
  });

  it('resolves sponsor images per breakpoint, thumbnails and srcsets, and leaves links alone', () => {
    const tag = {
      url: '/category/politics/elections',
      sponsor: { url: '/sponsor', logo: { mobile: '/images/l-m.svg', desktop: '/images/l-d.svg' }, background: { large: '/images/b.svg' }, wingColor: '#003366' },
      thumbnail: { url: '/images/t.svg' },
      responsiveImages: [{ media: '(min-width: 768px)', srcset: '/images/a.svg 1x, /images/a2.svg 2x' }],
    };
    expect(resolveImagePaths(tag, BASE)).toEqual({
      url: '/category/politics/elections',
      sponsor: { url: '/sponsor', logo: { mobile: `${BASE}/images/l-m.svg`, desktop: `${BASE}/images/l-d.svg` }, background: { large: `${BASE}/images/b.svg` }, wingColor: '#003366' },
      thumbnail: { url: `${BASE}/images/t.svg` },
      responsiveImages: [{ media: '(min-width: 768px)', srcset: `${BASE}/images/a.svg 1x, ${BASE}/images/a2.svg 2x` }],
    });
  });

  it('keeps absolute, protocol-relative and non-path values as they are', () => {
    const body = { imageUrl: 'https://cdn.example.com/a.jpg', image: '//evil.example/a.jpg', logo: 'javascript:alert(1)', imageAlt: 'An image', count: 3, none: null };
    expect(resolveImagePaths(structuredClone(body), BASE)).toEqual(body);
  });

  it('never sets a prototype from a "__proto__" key in the answer', () => {
    const body = JSON.parse('{"__proto__": {"image": "/images/p.svg", "polluted": true}, "items": [{"__proto__": {"imageUrl": "/images/q.svg"}}]}') as Record<string, unknown>;
    const resolved = resolveImagePaths(body, BASE) as Record<string, unknown>;
    expect(Object.getPrototypeOf(resolved)).toBe(Object.prototype);
    expect((resolved as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(resolved, '__proto__')?.value).toEqual({ image: `${BASE}/images/p.svg`, polluted: true });
  });
});
