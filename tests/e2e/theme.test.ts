/**
 * The theme cookie in Chromium on a published article served by the edge router (spec 1 §2.2,
 * spec 2 §2: "A theme cookie with the value light or dark sets the video theme. Any other value is
 * ignored. A data-theme attribute is set on the document."). The page is stored and the same for
 * every reader; the inline head script (render-workers/shell/document.tsx THEME_SCRIPT) applies the
 * cookie in the browser, first of all scripts and before the body is parsed (so before first paint).
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_SCRIPT } from '../../render-workers/shell/document.js';
import { launchBrowser } from '../support/browser.js';
import { openSharedSite, type SharedSite } from '../support/shared-stack.js';

const ARTICLE = '/us/live-updates-winter-storm-sweeps-the-plains';

let stack: SharedSite;
let browser: Browser;

beforeAll(async () => {
  stack = await openSharedSite();
  expect(stack.published.failed).toEqual([]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

interface Seen {
  /** data-theme when the parser first put <body> into the document (null: not set). */
  atBody: string | null;
  /** data-theme when the first script with a src (the bundle) was inserted. */
  atFirstExternalScript: string | null;
  /** Whether the theme script is the first script element in the document. */
  themeScriptFirst: boolean;
  final: string | null;
  background: string;
}

async function visit(cookie: string | null): Promise<Seen> {
  const context: BrowserContext = await browser.newContext();
  if (cookie !== null) await context.addCookies([{ name: 'theme', value: cookie, url: stack.siteUrl }]);
  // Runs before the document's own scripts: watches the parser insert <body> and the bundle's
  // script tag and notes data-theme at each moment (synchronous MutationObserver records are
  // delivered at the next microtask checkpoint, which the parser reaches before running the next
  // script and before rendering).
  await context.addInitScript(() => {
    const seen: { atBody?: string | null; atFirstExternalScript?: string | null } = {};
    Object.assign(window, { themeSeen: seen });
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          const theme = document.documentElement.getAttribute('data-theme');
          if (node.tagName === 'BODY' && !('atBody' in seen)) seen.atBody = theme;
          if (node.tagName === 'SCRIPT' && node.hasAttribute('src') && !('atFirstExternalScript' in seen)) seen.atFirstExternalScript = theme;
        }
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await page.goto(`${stack.siteUrl}${ARTICLE}`);
  const seen = await page.evaluate((script) => {
    const recorded = (window as unknown as { themeSeen: { atBody?: string | null; atFirstExternalScript?: string | null } }).themeSeen;
    const first = document.querySelector('script');
    return {
      atBody: recorded.atBody ?? null,
      atFirstExternalScript: recorded.atFirstExternalScript ?? null,
      themeScriptFirst: first !== null && !first.hasAttribute('src') && first.textContent === script,
      final: document.documentElement.getAttribute('data-theme'),
      background: getComputedStyle(document.body).backgroundColor,
    };
  }, THEME_SCRIPT);
  await context.close();
  return seen;
}

describe('theme cookie (spec 1 §2.2, spec 2 §2)', () => {
  it('theme=dark sets data-theme="dark" before any other script runs and before the body, and the dark colours apply', async () => {
    const seen = await visit('dark');
    expect(seen.themeScriptFirst).toBe(true);
    expect(seen.atBody).toBe('dark');
    expect(seen.atFirstExternalScript).toBe('dark');
    expect(seen.final).toBe('dark');
    expect(seen.background).toBe('rgb(18, 20, 23)');
  });

  it('theme=light sets data-theme="light"', async () => {
    const seen = await visit('light');
    expect(seen.atBody).toBe('light');
    expect(seen.final).toBe('light');
    expect(seen.background).toBe('rgb(255, 255, 255)');
  });

  it('ignores any other value, and no cookie leaves the attribute off', async () => {
    for (const cookie of ['purple', 'DARK', 'dark-ish', null]) {
      const seen = await visit(cookie);
      expect({ cookie, final: seen.final, atBody: seen.atBody }).toEqual({ cookie, final: null, atBody: null });
      expect(seen.background).toBe('rgb(255, 255, 255)');
    }
  });

  it('serves the same stored page whatever the cookie says (stored pages do not vary)', async () => {
    const bodies = await Promise.all(
      [undefined, 'theme=dark', 'theme=light', 'theme=purple'].map(async (cookie) => {
        const response = await fetch(`${stack.siteUrl}${ARTICLE}`, cookie === undefined ? {} : { headers: { cookie } });
        expect(response.status).toBe(200);
        return await response.text();
      }),
    );
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toContain(`<script>${THEME_SCRIPT}</script>`);
  });
});
