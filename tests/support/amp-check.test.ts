import { describe, expect, it } from 'vitest';
import { AMP_BOILERPLATE_CSS, AMP_CUSTOM_CSS_MAX_BYTES, AMP_NOSCRIPT_BOILERPLATE_CSS, checkAmp } from './amp-check.js';

interface Parts {
  root?: string;
  headStart?: string;
  head?: string;
  body?: string;
  custom?: string;
}

function amp(parts: Parts = {}): string {
  return (
    '<!doctype html>' +
    `<html ${parts.root ?? '⚡'} lang="en"><head>` +
    (parts.headStart ?? '<meta charset="utf-8">') +
    '<script async src="https://cdn.ampproject.org/v0.js"></script>' +
    '<script async custom-element="amp-sidebar" src="https://cdn.ampproject.org/v0/amp-sidebar-0.1.js"></script>' +
    '<title>Story</title><link rel="canonical" href="https://www.example.test/politics/story">' +
    '<meta name="viewport" content="width=device-width,minimum-scale=1,initial-scale=1">' +
    `<style amp-custom>${parts.custom ?? 'body{margin:0}'}</style>` +
    `<style amp-boilerplate>${AMP_BOILERPLATE_CSS}</style><noscript><style amp-boilerplate>${AMP_NOSCRIPT_BOILERPLATE_CSS}</style></noscript>` +
    '<script type="application/ld+json">{"@type":"NewsArticle"}</script>' +
    (parts.head ?? '') +
    '</head><body>' +
    '<amp-sidebar id="sidebar" layout="nodisplay"><button on="tap:sidebar.close">Close</button></amp-sidebar>' +
    '<amp-img src="/a.jpg" width="931" height="523" layout="responsive" alt="A"></amp-img>' +
    (parts.body ?? '') +
    '</body></html>'
  );
}

describe('checkAmp', () => {
  it('accepts a minimal valid AMP document, with <html amp> as well as <html ⚡>', () => {
    expect(checkAmp(amp())).toEqual([]);
    expect(checkAmp(amp({ root: 'amp' }))).toEqual([]);
  });

  it('reports the missing doctype, AMP marker, charset-first and required head tags', () => {
    const html = amp({ root: '', headStart: '<title>x</title><meta charset="utf-8">' }).replace('<!doctype html>', '');
    const problems = checkAmp(html);
    expect(problems).toContain('missing <!doctype html> at the start');
    expect(problems).toContain('<html> lacks the ⚡ or amp attribute');
    expect(problems).toContain('<meta charset="utf-8"> is not the first child of <head>');
    const bare = checkAmp(
      amp()
        .replace(/<link rel="canonical"[^>]*>/, '')
        .replace(/<meta name="viewport"[^>]*>/, '')
        .replace('<script async src="https://cdn.ampproject.org/v0.js"></script>', ''),
    );
    expect(bare).toEqual(
      expect.arrayContaining([
        'missing <link rel="canonical" href="...">',
        'missing <meta name="viewport" content="width=device-width,...">',
        'expected exactly one AMP runtime script (https://cdn.ampproject.org/v0.js), found 0',
      ]),
    );
  });

  it('reports an altered boilerplate, a second or oversized amp-custom and any other style', () => {
    expect(checkAmp(amp().replace('8s steps', '9s steps'))).toContain('missing or altered <style amp-boilerplate> in <head>');
    expect(checkAmp(amp().replace('animation:none}', 'animation:none;}'))).toContain('missing or altered <noscript><style amp-boilerplate> in <head>');
    expect(checkAmp(amp({ head: '<style amp-custom>p{}</style>' }))).toContain('more than one <style amp-custom> (2)');
    const big = `p{color:red}${'a{}'.repeat(AMP_CUSTOM_CSS_MAX_BYTES / 3)}`;
    expect(checkAmp(amp({ custom: big })).join('\n')).toContain('over the 75000-byte limit');
    expect(checkAmp(amp({ custom: 'a{color:red}'.repeat(100) }))).toEqual([]);
    expect(checkAmp(amp({ body: '<style>p{}</style><p style="color:red">x</p>' }))).toEqual(
      expect.arrayContaining(['<style> not allowed in AMP: <style>', 'style attribute on <p>']),
    );
  });

  it('reports custom scripts, but allows the runtime, extensions and JSON', () => {
    const problems = checkAmp(
      amp({
        body:
          '<script>alert(1)</script><script src="/assets/client.js" type="module"></script>' +
          '<script type="application/json">{"a":1}</script>' +
          '<script async custom-element="amp-ad" src="https://evil.example/amp-ad-0.1.js"></script>',
      }),
    );
    expect(problems).toEqual([
      'script not allowed in AMP: <script>',
      'script not allowed in AMP: <script src="/assets/client.js" type="module">',
      'extension script amp-ad has a bad src https://evil.example/amp-ad-0.1.js',
    ]);
  });

  it('reports amp-* elements without their extension script', () => {
    expect(checkAmp(amp({ body: '<amp-ad width="300" height="250" type="doubleclick"></amp-ad><amp-state id="s"></amp-state>' }))).toEqual([
      '<amp-ad> is used without its extension script (amp-ad)',
      '<amp-state> is used without its extension script (amp-bind)',
    ]);
    const withScripts = amp({
      head:
        '<script async custom-element="amp-ad" src="https://cdn.ampproject.org/v0/amp-ad-0.1.js"></script>' +
        '<script async custom-element="amp-bind" src="https://cdn.ampproject.org/v0/amp-bind-0.1.js"></script>',
      body: '<amp-ad width="300" height="250" type="doubleclick"></amp-ad><amp-state id="s"></amp-state>',
    });
    expect(checkAmp(withScripts)).toEqual([]);
  });

  it('reports forbidden tags, forms without amp-form, bad inputs, handlers and unsafe URLs', () => {
    const problems = checkAmp(
      amp({
        body:
          '<img src="a.jpg"><noscript><img src="fallback.jpg"></noscript><iframe src="https://x.test"></iframe><video></video><audio></audio>' +
          '<object></object><embed><frame><form action="/s"></form><input type="image"><base href="/">' +
          '<a href="java&#x09;script:alert(1)" onclick="x()">x</a><div on="tap:sidebar.open">ok</div>',
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        '<img> is not allowed in AMP (use amp-img)',
        '<iframe> is not allowed in AMP',
        '<video> is not allowed in AMP',
        '<audio> is not allowed in AMP',
        '<object> is not allowed in AMP',
        '<embed> is not allowed in AMP',
        '<frame> is not allowed in AMP',
        '<form> without the amp-form extension',
        '<input type="image"> is not allowed in AMP',
        '<base> is not allowed in AMP',
        'event handler attribute onclick on <a>',
        'unsafe URL in href on <a>',
      ]),
    );
    expect(problems.filter((p) => p.includes('img'))).toHaveLength(1);
    expect(problems.join('\n')).not.toContain('attribute on on');
  });

  it('reports an amp-iframe that is not https or has allow-same-origin on the page origin (ADR 0021)', () => {
    const head = '<script async custom-element="amp-iframe" src="https://cdn.ampproject.org/v0/amp-iframe-0.1.js"></script>';
    const frame = (src: string, sandbox: string) => `<amp-iframe src="${src}" width="640" height="360" layout="responsive" sandbox="${sandbox}"></amp-iframe>`;
    expect(checkAmp(amp({ head, body: frame('https://maps.example/embed', 'allow-scripts allow-popups') + frame('https://maps.example/embed', 'allow-same-origin') }))).toEqual([]);
    expect(checkAmp(amp({ head, body: frame('http://maps.example/embed', 'allow-scripts') }))).toEqual(['<amp-iframe> src is not https: http://maps.example/embed']);
    expect(checkAmp(amp({ head, body: frame('https://www.example.test/embed', 'allow-same-origin') }))).toEqual([
      expect.stringContaining("<amp-iframe> with allow-same-origin on the page's origin"),
    ]);
  });
});
