import { describe, expect, it } from 'vitest';
import { findLiveMarkup } from './live-markup.js';

const page = (body: string, head = '') => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;

describe('findLiveMarkup', () => {
  it('accepts the page’s own scripts and escaped payloads', () => {
    const html = page(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; <a href="https://example.test/?q=javascript:x">ok</a></p>' +
        '<script type="application/json" data-island-props="A">{"text":"\\u003c/script>"}</script><script type="module" src="/assets/client-abc.js"></script>',
      '<script type="application/ld+json">{"@type":"NewsArticle"}</script>',
    );
    expect(findLiveMarkup(html, { amp: false })).toEqual([]);
    expect(findLiveMarkup(page('<script async src="https://cdn.ampproject.org/v0.js"></script><div on="tap:x.toggle"></div>'), { amp: true })).toEqual([]);
  });

  it('finds scripts, handlers, script URLs (entity-encoded and obfuscated), srcdoc, base, meta refresh and CSS script', () => {
    const problems = findLiveMarkup(
      page(
        '<script>alert(1)</script><script src="https://cdn.ampproject.org/v0.js"></script><script type="application/json">{"a":</script>' +
          '<img src=x onerror=alert(1)><a href="&#106;ava&#x09;script:alert(1)">x</a><a href=" JaVaScRiPt:x">y</a><form action="vbscript:x"></form>' +
          '<iframe srcdoc="&lt;script&gt;"></iframe><base href="/"><meta http-equiv="Refresh" content="0"><p style="x:expression(1)">z</p>' +
          '<svg><animate attributeName="href" values="javascript:alert(1)"/></svg><img src="data:text/html,x"><div on="tap:x"></div>',
      ),
      { amp: false },
    );
    expect(problems.map((p) => p.split(' ').slice(0, 3).join(' '))).toEqual([
      'script element <script>',
      'script element <script',
      'script element <script',
      'event handler onerror',
      'script URL in',
      'script URL in',
      'script URL in',
      'srcdoc on <iframe',
      'base element <base',
      'meta refresh <meta',
      'script in a',
      'script URL in',
      'script URL in',
      'event handler on',
    ]);
  });
});
