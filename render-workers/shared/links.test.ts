import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../core/logger.js';
import { optionalLink, safeAbsoluteUrl, safeHref, safeHttpsUrl, safeImageSrc, safeLinks, safeTextLinkUrl } from './links.js';
import { SKIP_VALUE_MAX, withSkipLog } from './skip-log.js';

const ORIGIN = 'https://www.example.test';

function logSink() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger({ component: 'test', destination, level: 'debug' }), lines };
}

describe('render-side URL checks (ADR 0021)', () => {
  it('apply the safe-URL rule per use', () => {
    expect(safeHref('/person/w/sarah')).toBe('/person/w/sarah');
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeImageSrc('data:image/svg+xml,<svg/>')).toBeNull();
    expect(safeHttpsUrl('http://maps.example/embed')).toBeNull();
    expect(safeHttpsUrl('https://maps.example/embed')).toBe('https://maps.example/embed');
    expect(safeTextLinkUrl('mailto:tips@example.test')).toBe('mailto:tips@example.test');
    expect(safeAbsoluteUrl('/person/w/sarah', ORIGIN)).toBe(`${ORIGIN}/person/w/sarah`);
    expect(safeAbsoluteUrl('//evil.example/x', ORIGIN)).toBeUndefined();
    expect(safeLinks([{ name: 'a', url: '/a' }, { name: 'b', url: 'vbscript:x' }])).toEqual([{ name: 'a', url: '/a' }]);
    expect(optionalLink('Author', 'data:text/html,x')).toEqual({ name: 'Author' });
  });

  it('log each refused URL once per render as a skip, with its use and reason; absent or blank URLs are not skips', async () => {
    const { log, lines } = logSink();
    await withSkipLog(log, async () => {
      await Promise.resolve();
      safeHref('javascript:alert(1)');
      safeHref('javascript:alert(1)');
      safeAbsoluteUrl('data:text/html,<script>alert(1)</script>', ORIGIN);
      safeHttpsUrl('//evil.example/frame');
      safeImageSrc(undefined);
      safeHref('  ');
      safeHref('/fine');
    });
    expect(lines.map((line) => [line.level, line.message, line.skip])).toEqual([
      ['warn', 'Skipped unsafe link URL (scheme)', { kind: 'unsafe-url', use: 'link', reason: 'scheme', value: 'javascript:alert(1)' }],
      ['warn', 'Skipped unsafe structured-data URL (scheme)', { kind: 'unsafe-url', use: 'structured-data', reason: 'scheme', value: 'data:text/html,<script>alert(1)</script>' }],
      ['warn', 'Skipped unsafe frame URL (protocol-relative)', { kind: 'unsafe-url', use: 'frame', reason: 'protocol-relative', value: '//evil.example/frame' }],
    ]);
  });

  it('keep renders apart: each scope logs on its own logger', async () => {
    const first = logSink();
    const second = logSink();
    await Promise.all([
      withSkipLog(first.log, async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        safeHref('vbscript:first');
      }),
      withSkipLog(second.log, async () => {
        safeHref('vbscript:second');
        await Promise.resolve();
      }),
    ]);
    expect(first.lines.map((line) => (line.skip as { value: string }).value)).toEqual(['vbscript:first']);
    expect(second.lines.map((line) => (line.skip as { value: string }).value)).toEqual(['vbscript:second']);
  });

  it('cut a long refused value in the log line', async () => {
    const { log, lines } = logSink();
    await withSkipLog(log, async () => {
      safeHref(`javascript:${'x'.repeat(1000)}`);
      await Promise.resolve();
    });
    expect((lines[0]?.skip as { value: string }).value).toHaveLength(SKIP_VALUE_MAX + 1);
  });
});

describe('one owner of the URL checks (ADR 0021)', () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    });
  /** Checks of a checked URL's form, not of its safety (the Instagram shortcode of an https URL). */
  const ALLOWED = [/^const INSTAGRAM_SHORTCODE = /];

  it('render-workers test no URL scheme and import no URL check of their own: they ask shared/links.ts', () => {
    const found: string[] = [];
    for (const file of sources(root)) {
      const name = relative(root, file);
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const code = line.replace(/^\s*(\/\/|\*|\/\*\*).*$/, '');
          if (ALLOWED.some((pattern) => pattern.test(code.trim()))) return;
          // A regex on a scheme (/^https?:/, /javascript:/i, ...) is a second URL rule.
          if (/\/\^?\(?(https\?|https|http|javascript|vbscript|data)[^/]*:/i.test(code)) found.push(`${name}:${index + 1}: ${line.trim()}`);
          // The core checks report nothing: render code takes them through shared/links.ts.
          if (name !== join('shared', 'links.ts') && /import\s*\{[^}]*\b(safeImageUrl|checkUrl)\b[^}]*\}\s*from\s*'[^']*core\/isomorphic\//.test(code)) found.push(`${name}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});

