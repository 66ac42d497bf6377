/**
 * A real Chromium for tests (docs/architecture.md "Principles": a real browser for the bundle). Uses the
 * Debian package through playwright-core with the flags below (docs/architecture.md "Tool constraints"); never a downloaded
 * browser (there is no internet on these machines).
 */
import { access, constants } from 'node:fs/promises';
import { chromium, type Browser, type ConsoleMessage, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** Chromium's flags (docs/architecture.md "Tool constraints", Browser): headless, sandbox-free, and no network chatter. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Full Chromium (`CHROMIUM_PATH`, else the Debian package's /usr/bin/chromium): what Lighthouse
 * drives, since its performance score is a measurement of the browser readers run.
 */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/**
 * Debian's chromium-headless-shell: the same Blink and V8 as the browser, without its windowing
 * layer, as playwright runs headless tests by default. A new tab costs about a quarter of the CPU
 * it costs in full Chromium (70 ms against 250 ms on a 2-core machine, 2026-11-28: each tab is a
 * renderer process), and the suite opens hundreds of them (docs/adr/0046-tests-browse-with-the-headless-shell.md).
 */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

async function isExecutable(path: string): Promise<boolean> {
  return await access(path, constants.X_OK).then(
    () => true,
    () => false,
  );
}

/**
 * The browser the tests drive: `CHROMIUM_PATH` when set, else the headless shell when it is
 * installed, else full Chromium.
 */
async function testBrowserPath(): Promise<string> {
  if (process.env.CHROMIUM_PATH !== undefined) return process.env.CHROMIUM_PATH;
  return (await isExecutable(HEADLESS_SHELL_PATH)) ? HEADLESS_SHELL_PATH : chromiumPath();
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = await testBrowserPath();
  if (!(await isExecutable(executablePath))) {
    throw new Error(`Chromium not found at ${executablePath}: install it with apt-get install -y chromium-headless-shell chromium, or set CHROMIUM_PATH`);
  }
  return await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });
}

export interface PageErrors {
  /** Console errors and uncaught exceptions, as text, in the order they happened. */
  readonly messages: string[];
}

/**
 * Records console errors and uncaught page errors from now on; assert it stays empty. Nothing is
 * filtered: link prefetch asks the edge router which pages are stored before it fetches any
 * (ADR 0017), so a failed load, a prefetch's included, is a dead link or image the test must see.
 */
export function watchPageErrors(page: Page): PageErrors {
  const messages: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const url = message.location().url;
    messages.push(message.text().startsWith('Failed to load resource') && url ? `${message.text()} (${url})` : message.text());
  });
  page.on('pageerror', (error: Error) => {
    messages.push(`uncaught: ${error.message}`);
  });
  return { messages };
}

/** What scrollAtRest reads of a track: its position, and the scroll events it has fired so far. */
interface TrackScroll {
  left: number;
  events: number;
  atEnd: boolean;
}

/**
 * Reads `track`, counting its scroll events from the first read on. `atEnd` is the carousels' own
 * rule (video-carousel.island.tsx): scrollLeft + clientWidth >= scrollWidth - 1.
 */
function readTrack(track: Locator): Promise<TrackScroll> {
  return track.evaluate((element) => {
    const watched = element as Element & { __scrollEvents?: number };
    if (watched.__scrollEvents === undefined) {
      watched.__scrollEvents = 0;
      element.addEventListener('scroll', () => (watched.__scrollEvents = (watched.__scrollEvents ?? 0) + 1), { passive: true });
    }
    return { left: element.scrollLeft, events: watched.__scrollEvents, atEnd: element.scrollLeft + element.clientWidth >= element.scrollWidth - 1 };
  });
}

/**
 * Resolves once the track has not scrolled for 300 ms: no scroll event and the same position
 * across two reads that far apart. A smooth scroll fires scroll events every frame until it ends.
 */
async function scrollAtRest(track: Locator): Promise<TrackScroll> {
  let last = await readTrack(track);
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const now = await readTrack(track);
    if (now.events === last.events && now.left === last.left) return now;
    last = now;
  }
  throw new Error('the carousel track kept scrolling for 15 s');
}

/**
 * Clicks a carousel's `next` button until `track` is scrolled to its end, and returns the number
 * of clicks. Each click starts a smooth scroll; before every click the track is at rest and, when
 * not at its end, the button reads enabled. Reading the button mid-scroll, or before React
 * rendered the last scroll event, could see it enabled just before it is disabled, and the click
 * would then wait for an enabled button that never comes.
 */
export async function clickThroughToEnd(next: Locator, track: Locator, maxClicks = 10): Promise<number> {
  for (let clicks = 0; ; clicks += 1) {
    const before = await scrollAtRest(track);
    if (before.atEnd) return clicks;
    if (clicks === maxClicks) throw new Error(`the carousel did not reach its end in ${maxClicks} clicks`);
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();
    // The click's scroll has begun before the next rest is looked for.
    await expect.poll(async () => (await readTrack(track)).events).toBeGreaterThan(before.events);
  }
}
