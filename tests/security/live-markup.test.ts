import { describe, expect, it } from 'vitest';
import { jsonForScript } from '../../core/isomorphic/json-script.js';
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
      'unsandboxed frame <iframe',
      'srcdoc on <iframe',
      'base element <base',
      'meta refresh <meta',
      'script in a',
      'script URL in',
      'script URL in',
      'event handler on',
    ]);
  });

  it('finds structured-data URLs that are not absolute http(s) (ADR 0020)', () => {
    const ld = (data: unknown) => page('', `<link rel="canonical" href="https://www.example.test/a"><script type="application/ld+json">${jsonForScript(data)}</script>`);
    const clean = {
      '@type': 'NewsArticle',
      headline: 'javascript:alert(1) is a headline, not a URL',
      mainEntityOfPage: { '@id': 'https://www.example.test/a' },
      author: [{ name: 'A', url: 'https://www.example.test/person/a' }],
      image: { url: 'https://img.example/a.jpg' },
      potentialAction: { target: { urlTemplate: 'https://www.example.test/search?q={search_term_string}' } },
    };
    expect(findLiveMarkup(ld(clean), { amp: false })).toEqual([]);
    const hostile = {
      author: [{ url: 'data:text/html,<script>alert(1)</script>' }, { url: 'javascript:alert(1)' }, { url: '//evil.example/x' }, { url: '/person/a' }],
      sameAs: ['https://ok.example/', ' vbscript:x'],
      video: { contentUrl: 'java\tscript:x' },
    };
    expect(findLiveMarkup(ld(hostile), { amp: false }).map((p) => p.split(' is ')[0])).toEqual([
      'structured-data URL $.author[0].url',
      'structured-data URL $.author[1].url',
      'structured-data URL $.author[2].url',
      'structured-data URL $.author[3].url',
      'structured-data URL $.sameAs[1]',
      'structured-data URL $.video.contentUrl',
    ]);
  });

  it('finds unsandboxed frames, escaping tokens and scripts with same-origin on a frame that may be ours (ADR 0021)', () => {
    const head = '<link rel="canonical" href="https://www.example.test/a">';
    const ok =
      '<iframe sandbox="" src="https://maps.example/"></iframe><iframe sandbox="allow-scripts allow-popups" src="/x"></iframe>' +
      '<iframe sandbox="allow-scripts allow-same-origin" src="https://games.example.com/embed/x"></iframe><amp-iframe sandbox="allow-scripts" src="https://a.example/"></amp-iframe>';
    expect(findLiveMarkup(page(ok, head), { amp: false })).toEqual([]);
    const bad =
      '<iframe src="https://maps.example/"></iframe><amp-iframe src="https://a.example/"></amp-iframe>' +
      '<iframe sandbox="allow-scripts allow-top-navigation allow-modals" src="https://a.example/"></iframe>' +
      '<iframe sandbox="allow-scripts allow-same-origin" src="https://maps.example/"></iframe>' +
      '<iframe sandbox="allow-same-origin allow-scripts" src="https://www.example.test/x"></iframe><iframe sandbox="allow-scripts allow-same-origin" src="/x"></iframe>';
    expect(findLiveMarkup(page(bad, head), { amp: false }).map((p) => p.split(' <')[0])).toEqual([
      'unsandboxed frame',
      'unsandboxed frame',
      'sandbox token allow-top-navigation on',
      'sandbox token allow-modals on',
      'allow-scripts with allow-same-origin on a frame that may be same-origin',
      'allow-scripts with allow-same-origin on a frame that may be same-origin',
    ]);
    // Without a canonical link the page origin is unknown: every frame may be ours.
    expect(findLiveMarkup(page('<iframe sandbox="allow-scripts allow-same-origin" src="https://games.example.com/x"></iframe>'), { amp: false })).toHaveLength(1);
  });
});
