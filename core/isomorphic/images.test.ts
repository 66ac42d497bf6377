import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES, imageSourceFromUrl, LIST_THUMBNAIL_SIZES, resizedImageUrl, responsiveSources, safeImageUrl } from './images.js';

describe('image service URL rule (spec 1 §7)', () => {
  it('builds {base}{path}/{width}/{height}/{file}?ve=1&tl=1', () => {
    expect(resizedImageUrl('https://img.example/up/2025/03/photo.jpg', IMAGE_SIZES.imageDefault)).toBe(
      'https://img.example/up/2025/03/931/523/photo.jpg?ve=1&tl=1',
    );
    expect(resizedImageUrl('/images/a.svg', IMAGE_SIZES.printImage)).toBe('/images/612/344/a.svg?ve=1&tl=1');
  });

  it('replaces the size of an already resized URL instead of nesting it', () => {
    expect(resizedImageUrl('https://img.example/up/931/523/photo.jpg?ve=1&tl=1', { width: 612, height: 344 })).toBe(
      'https://img.example/up/612/344/photo.jpg?ve=1&tl=1',
    );
    expect(imageSourceFromUrl('https://img.example/up/931/523/photo.jpg?ve=1&tl=1')).toEqual({ base: 'https://img.example', path: '/up', file: 'photo.jpg' });
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'vbscript:msgbox(1)',
    'javascript&#58;alert(1)',
    '//evil.example/a.jpg',
    '/\\evil.example/a.jpg',
    'https://user:pw@img.example/a.jpg',
    'java\u0000script:alert(1)',
    'ftp://img.example/a.jpg',
    '',
  ])('yields no image for %j', (url) => {
    expect(safeImageUrl(url)).toBeNull();
    expect(resizedImageUrl(url, IMAGE_SIZES.imageDefault)).toBeNull();
  });

  it('encodes commas so a URL cannot split a srcset', () => {
    expect(resizedImageUrl('https://img.example/a,b/c,d.jpg', { width: 1, height: 1 })).toBe('https://img.example/a%2Cb/1/1/c%2Cd.jpg?ve=1&tl=1');
  });
});

describe('IMAGE_SIZES (spec 1 §9 "Image sizes on articles")', () => {
  it('holds every size of the spec', () => {
    const wh = Object.fromEntries(Object.entries(IMAGE_SIZES).map(([k, v]) => [k, `${v.width}x${v.height}`]));
    expect(wh).toEqual({
      imageFeatured: '931x524',
      imageDefault: '931x523',
      videoFeatured: '896x500',
      videoDefault: '720x405',
      featuredImage: '1862x1048',
      slideshow: '931x524',
      printImage: '612x344',
      headshot: '32x32',
      headshotInList: '48x48',
      spotlightBigtop: '920x518',
      spotlightTwocross: '454x256',
      recommendedVideo: '320x180',
      recommendedVideoMobile: '200x113',
      recommendedVideoTablet: '240x135',
      listThumbnailMobile: '132x74',
      listThumbnailMobileLarge: '268x148',
      listThumbnailTablet: '221x124',
      listThumbnailTabletLarge: '442x148',
      listThumbnailDesktop: '227x128',
      sharedVideo: '1280x720',
      ampVideoImage: '1200x675',
    });
  });
});

describe('responsiveSources (spec 1 §9 breakpoints)', () => {
  it('gives srcset and sizes per article breakpoint', () => {
    const r = responsiveSources('https://img.example/t/a.jpg', {
      mobile: IMAGE_SIZES.listThumbnailMobile,
      tablet: IMAGE_SIZES.listThumbnailTablet,
      desktop: IMAGE_SIZES.listThumbnailDesktop,
    });
    expect(r).toEqual({
      src: 'https://img.example/t/227/128/a.jpg?ve=1&tl=1',
      width: 227,
      height: 128,
      srcSet:
        'https://img.example/t/132/74/a.jpg?ve=1&tl=1 132w, https://img.example/t/221/124/a.jpg?ve=1&tl=1 221w, https://img.example/t/227/128/a.jpg?ve=1&tl=1 227w',
      sizes: '(max-width: 767px) min(100vw, 132px), (max-width: 1023px) min(100vw, 221px), 227px',
      sources: [
        { breakpoint: 'mobile', media: '(max-width: 767px)', srcSet: 'https://img.example/t/132/74/a.jpg?ve=1&tl=1', width: 132, height: 74 },
        { breakpoint: 'tablet', media: '(min-width: 768px) and (max-width: 1023px)', srcSet: 'https://img.example/t/221/124/a.jpg?ve=1&tl=1', width: 221, height: 124 },
        { breakpoint: 'desktop', media: '(min-width: 1024px)', srcSet: 'https://img.example/t/227/128/a.jpg?ve=1&tl=1', width: 227, height: 128 },
      ],
    });
  });

  it('list thumbnails add the high-density sizes: 268x148 mobile and 442x148 tablet (spec 1 §9)', () => {
    const r = responsiveSources('https://img.example/t/a.jpg', LIST_THUMBNAIL_SIZES);
    expect(r?.srcSet).toBe(
      [
        'https://img.example/t/132/74/a.jpg?ve=1&tl=1 132w',
        'https://img.example/t/221/124/a.jpg?ve=1&tl=1 221w',
        'https://img.example/t/227/128/a.jpg?ve=1&tl=1 227w',
        'https://img.example/t/268/148/a.jpg?ve=1&tl=1 268w',
        'https://img.example/t/442/148/a.jpg?ve=1&tl=1 442w',
      ].join(', '),
    );
    // The slot stays the small size: a 2x screen picks the larger file, a 1x screen the small one.
    expect(r?.sizes).toBe('(max-width: 767px) min(100vw, 132px), (max-width: 1023px) min(100vw, 221px), 227px');
    expect(r?.sources.map((source) => source.srcSet)).toEqual([
      'https://img.example/t/132/74/a.jpg?ve=1&tl=1 1x, https://img.example/t/268/148/a.jpg?ve=1&tl=1 2x',
      'https://img.example/t/221/124/a.jpg?ve=1&tl=1 1x, https://img.example/t/442/148/a.jpg?ve=1&tl=1 2x',
      'https://img.example/t/227/128/a.jpg?ve=1&tl=1',
    ]);
  });

  it('is null for a URL that is not an image', () => {
    expect(responsiveSources('javascript:alert(1)', { desktop: IMAGE_SIZES.imageDefault })).toBeNull();
  });
});
