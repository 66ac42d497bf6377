import { describe, expect, it } from 'vitest';
import { safeImageUrl } from './images.js';
import { checkUrl, isCrossOrigin, MAX_URL_LENGTH, safeUrl, type UnsafeUrlReason } from './safe-url.js';

describe('the safe-URL rule (ADR 0021)', () => {
  it.each([
    ['https://www.example.test/person/w/sarah', 'https://www.example.test/person/w/sarah'],
    ['http://img.example/a.jpg', 'http://img.example/a.jpg'],
    ['HTTPS://IMG.EXAMPLE/A.jpg', 'https://img.example/A.jpg'],
    ['  https://img.example/a.jpg\n', 'https://img.example/a.jpg'],
    ['/person/w/sarah', '/person/w/sarah'],
    ['/', '/'],
    ['/search?q=a b#top', '/search?q=a%20b#top'],
    ['https://img.example/a,b.jpg', 'https://img.example/a%2Cb.jpg'],
    ['https://img.example/x"onerror="alert(1)', 'https://img.example/x%22onerror=%22alert(1)'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example/'],
  ])('keeps %j as %j', (input, expected) => {
    expect(checkUrl(input)).toEqual({ ok: true, url: expected });
    expect(safeUrl(input)).toBe(expected);
  });

  it.each<[string, UnsafeUrlReason]>([
    ['javascript:alert(1)', 'scheme'],
    ['JaVaScRiPt:alert(1)', 'scheme'],
    [' javascript:alert(1)', 'scheme'],
    ['vbscript:msgbox(1)', 'scheme'],
    ['VBScript:msgbox(1)', 'scheme'],
    ['data:text/html,<script>alert(1)</script>', 'scheme'],
    ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'scheme'],
    ['data:image/svg+xml;base64,PHN2Zz4=', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['ftp://img.example/a.jpg', 'scheme'],
    ['mailto:a@example.test', 'scheme'],
    ['java\tscript:alert(1)', 'control-characters'],
    ['java\nscript:alert(1)', 'control-characters'],
    ['java\u0000script:alert(1)', 'control-characters'],
    ['https://img.example/\u0085', 'control-characters'],
    // Entities are not decoded in a JSON field: the text has no scheme a browser would read.
    ['java&#x09;script:alert(1)', 'relative'],
    ['&#106;avascript:alert(1)', 'relative'],
    ['javascript&#58;alert(1)', 'relative'],
    ['//evil.example/a.jpg', 'protocol-relative'],
    ['/\\evil.example/a.jpg', 'protocol-relative'],
    ['\\\\evil.example/a.jpg', 'protocol-relative'],
    ['/..//evil.example/a.jpg', 'protocol-relative'],
    ['/%2e%2e//evil.example', 'protocol-relative'],
    ['person/w/sarah', 'relative'],
    ['#comments', 'relative'],
    ['?q=x', 'relative'],
    ['https:/evil.example', 'malformed'],
    ['https:evil.example', 'malformed'],
    ['https://exa mple.test/', 'malformed'],
    ['https://user:pw@img.example/a.jpg', 'credentials'],
    ['https://evil.example@www.example.test/', 'credentials'],
    [`https://img.example/${'a'.repeat(MAX_URL_LENGTH)}`, 'too-long'],
  ])('refuses %j (%s)', (input, reason) => {
    expect(checkUrl(input)).toEqual({ ok: false, reason });
    expect(safeUrl(input)).toBeNull();
  });

  it('treats absent and blank as no URL', () => {
    for (const value of [undefined, null, '', '   ']) expect(safeUrl(value)).toBeNull();
  });

  it('takes only https where httpsOnly says so', () => {
    expect(checkUrl('https://maps.example/embed', { httpsOnly: true })).toEqual({ ok: true, url: 'https://maps.example/embed' });
    expect(checkUrl('http://maps.example/embed', { httpsOnly: true })).toEqual({ ok: false, reason: 'not-https' });
    expect(checkUrl('/embed', { httpsOnly: true })).toEqual({ ok: false, reason: 'not-https' });
    expect(checkUrl('javascript:alert(1)', { httpsOnly: true })).toEqual({ ok: false, reason: 'scheme' });
  });

  it('takes mailto: and tel: links only where text links allow them', () => {
    expect(checkUrl('mailto:tips@example.test?subject=Hi', { mailtoAndTel: true })).toEqual({ ok: true, url: 'mailto:tips@example.test?subject=Hi' });
    expect(checkUrl('mailto:tips@example.test?subject=News tip', { mailtoAndTel: true })).toEqual({ ok: true, url: 'mailto:tips@example.test?subject=News%20tip' });
    expect(checkUrl('TEL:+1-555-0100', { mailtoAndTel: true })).toEqual({ ok: true, url: 'tel:+1-555-0100' });
    expect(checkUrl('mailto:a@example.test"onclick="x', { mailtoAndTel: true })).toEqual({ ok: false, reason: 'malformed' });
    expect(checkUrl('javascript:alert(1)', { mailtoAndTel: true })).toEqual({ ok: false, reason: 'scheme' });
  });

  it('is the rule images use too', () => {
    for (const url of ['javascript:alert(1)', '//evil.example/a.jpg', '/..//evil.example/a.jpg', 'https://img.example/a.jpg', '/a.jpg']) {
      expect(safeImageUrl(url)).toBe(safeUrl(url));
    }
  });

  it('is idempotent: a kept URL passes again unchanged', () => {
    for (const url of ['https://img.example/a b,c.jpg?x=1,2#f', '/search?q=ä', 'http://bücher.example/x']) {
      const once = safeUrl(url);
      expect(once).not.toBeNull();
      expect(safeUrl(once)).toBe(once);
    }
  });
});

describe('isCrossOrigin', () => {
  const ORIGIN = 'https://www.example.test';
  it('is true only for an absolute URL on another origin', () => {
    expect(isCrossOrigin('https://games.example.com/embed/x', ORIGIN)).toBe(true);
    expect(isCrossOrigin('http://www.example.test/x', ORIGIN)).toBe(true);
    expect(isCrossOrigin('https://www.example.test:8443/x', ORIGIN)).toBe(true);
    expect(isCrossOrigin('https://www.example.test/games/x', ORIGIN)).toBe(false);
    expect(isCrossOrigin('https://WWW.EXAMPLE.TEST/games/x', ORIGIN)).toBe(false);
    expect(isCrossOrigin('/games/x', ORIGIN)).toBe(false);
  });
});
