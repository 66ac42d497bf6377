import { Writable } from 'node:stream';
import sanitizeHtml from 'sanitize-html';
import { beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../core/logger.js';
import { heapHeldBy, ropeOf } from '../../tests/support/heap-held.js';
import { sanitizePersonDescription } from '../people/person-rules.js';
import { withSkipLog } from '../shared/skip-log.js';
import { firstAmpIframe, sanitizeParagraph, sanitizePullQuote, sanitizeRawHtml, sanitizeRawHtmlForPrint, toPlainText } from './sanitize.js';
import { MAX_SOURCE_CHARS, SanitizeMemo, sanitizeMemo } from './sanitize-memo.js';

const HOSTILE = [
  '<p>Hi <a href="javascript:alert(1)" onclick="x()">there</a><script>alert(2)</script></p>',
  '<img src="x" onerror="alert(1)"><iframe src="https://player.example.com/v/1" sandbox="allow-scripts allow-same-origin"></iframe>',
  '<a href="https://example.com/ok" target="_blank">ok</a> <svg><script>alert(3)</script></svg><style>p{}</style>',
  '<iframe srcdoc="<script>alert(4)</script>" src="http://insecure.example.com"></iframe><b>bold</b>',
  '<a href="&#106;avascript:alert(5)">encoded</a><math><mi>x</mi></math><p id="clobber" name="x">t</p>',
];

const SANITIZERS = { sanitizeParagraph, sanitizePullQuote, sanitizeRawHtml, sanitizeRawHtmlForPrint, toPlainText, sanitizePersonDescription };

function isClean(html: string): boolean {
  return !/<script|onerror|onclick|javascript:|srcdoc|<svg|<math|<style|\sid=/i.test(html);
}

beforeEach(() => {
  sanitizeMemo.clear();
});

describe('the sanitizer memo', () => {
  it('keeps string results flat: 200 kept results hold about their characters, not a node per piece', () => {
    const memo = new SanitizeMemo();
    const { held, kept } = heapHeldBy(() => Array.from({ length: 200 }, (_, seed) => memo.run('test', `source ${seed}`, () => ropeOf(seed))));
    expect(kept[7]).toBe(ropeOf(7));
    const chars = kept.reduce((sum, html) => sum + html.length, 0);
    // As ropes they held more than three times their characters (tried without the flattening).
    expect(held).toBeLessThan(chars * 1.5 + 200 * 1024);
  });

  it('answers an unchanged field with the same bytes, still clean, without sanitising it again', () => {
    for (const [name, sanitize] of Object.entries(SANITIZERS)) {
      for (const html of HOSTILE) {
        const first = sanitize(html);
        const { hits } = sanitizeMemo.stats();
        const again = sanitize(html);
        expect(again, `${name}: ${html}`).toBe(first);
        expect(sanitizeMemo.stats().hits, name).toBe(hits + 1);
        expect(isClean(again), `${name} left something hostile: ${again}`).toBe(true);
      }
    }
  });

  it('gives the same bytes as sanitize-html without the memo', () => {
    const options = { allowedTags: ['br', 'strong', 'span', 'em', 'u', 's', 'b', 'i'], allowedAttributes: {} };
    for (const html of HOSTILE) {
      const direct = sanitizeHtml(html, options);
      expect(sanitizePullQuote(html)).toBe(direct);
      expect(sanitizePullQuote(html)).toBe(direct);
    }
  });

  it('never serves one allow-list’s result for another, whatever was sanitised first', () => {
    const html = '<p>Text <a href="https://example.com/a">link</a></p><iframe src="https://player.example.com/v/2" width="640" height="360"></iframe><img src="https://img.example.com/a.jpg" alt="a">';
    const raw = sanitizeRawHtml(html);
    expect(raw).toContain('<iframe');
    expect(raw).toContain('<img');
    // Same source, stricter option sets, after the permissive one filled the memo.
    expect(sanitizeRawHtmlForPrint(html)).not.toContain('<iframe');
    const paragraph = sanitizeParagraph(html);
    expect(paragraph).not.toMatch(/<iframe|<img|<p>/);
    expect(paragraph).toContain('<a href="https://example.com/a">link</a>');
    expect(sanitizePullQuote(html)).not.toMatch(/<a |<iframe|<img/);
    expect(toPlainText(html)).toBe('Text link');
    // And the other way round: a strict result first does not strip the permissive one later.
    sanitizeMemo.clear();
    expect(toPlainText(html)).toBe('Text link');
    expect(sanitizeRawHtml(html)).toBe(raw);
  });

  it('logs what a reused field dropped on every render that shows it', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const log = createLogger({
      component: 'memo-test',
      level: 'debug',
      destination: new Writable({
        write(chunk: Buffer, _encoding, callback) {
          for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
          callback();
        },
      }),
    });
    const html = '<p><a href="javascript:alert(1)">bad</a> <iframe src="https://player.example.com/v/3" sandbox="allow-scripts allow-same-origin"></iframe></p>';
    const skipsOf = async (): Promise<unknown[]> => {
      const before = lines.length;
      await withSkipLog(log, () => Promise.resolve(sanitizeRawHtml(html)));
      await new Promise((resolve) => setImmediate(resolve));
      return lines.slice(before).map((line) => line.skip);
    };
    const first = await skipsOf();
    expect(first).toHaveLength(2);
    const second = await skipsOf();
    expect(sanitizeMemo.stats().hits).toBe(1);
    expect(second).toEqual(first);
  });

  it('keeps the AMP iframe of a raw-html block as a frozen value, the same on every render', () => {
    const html = '<iframe src="https://player.example.com/v/4" width="640" height="360" sandbox="allow-scripts allow-same-origin"></iframe>';
    const first = firstAmpIframe(html);
    const again = firstAmpIframe(html);
    expect(again).toBe(first);
    expect(again).toEqual({ src: 'https://player.example.com/v/4', width: 640, height: 360, sandbox: expect.not.stringContaining('allow-same-origin') as unknown });
    expect(Object.isFrozen(again)).toBe(true);
    expect(firstAmpIframe('<iframe src="http://insecure.example.com/v" width="1" height="1"></iframe>')).toBeNull();
    expect(firstAmpIframe('<iframe src="http://insecure.example.com/v" width="1" height="1"></iframe>')).toBeNull();
  });

  it('is bounded: the least recently used result goes first, and huge fields are not kept', () => {
    const memo = new SanitizeMemo(2, 1_000);
    let runs = 0;
    const upper = (s: string) => {
      runs += 1;
      return s.toUpperCase();
    };
    memo.run('x', 'a', upper);
    memo.run('x', 'b', upper);
    memo.run('x', 'a', upper); // a is now the most recent
    memo.run('x', 'c', upper); // b goes
    expect(runs).toBe(3);
    memo.run('x', 'a', upper);
    expect(runs).toBe(3);
    memo.run('x', 'b', upper);
    expect(runs).toBe(4);
    expect(memo.stats().entries).toBe(2);

    const bytes = new SanitizeMemo(100, 10);
    bytes.run('x', 'long input here', upper);
    expect(bytes.stats().entries).toBe(0);

    const huge = 'a'.repeat(MAX_SOURCE_CHARS + 1);
    memo.run('x', huge, upper);
    memo.run('x', huge, upper);
    expect(runs).toBe(7);
  });
});
