/**
 * A real Chromium for tests (DESIGN.md non-negotiables: a real browser for the bundle). Uses the
 * Debian package through playwright-core with the flags TOOLCHAIN.md lists; never a downloaded
 * browser (there is no internet on these machines).
 */
import { access, constants } from 'node:fs/promises';
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';

/** The flags from TOOLCHAIN.md (Browser row): headless, sandbox-free, and no network chatter. */
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

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  try {
    await access(executablePath, constants.X_OK);
  } catch (error) {
    throw new Error(
      `Chromium not found at ${executablePath}: install it with apt-get install -y chromium, or set CHROMIUM_PATH`,
      { cause: error },
    );
  }
  return await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });
}

export interface PageErrors {
  /** Console errors and uncaught exceptions, as text, in the order they happened. */
  readonly messages: string[];
}

/** Records console errors and uncaught page errors from now on; assert it stays empty. */
export function watchPageErrors(page: Page): PageErrors {
  const messages: string[] = [];
  // Link prefetch (interactive-bundle/client/platform/prefetch.ts) asks for every visible
  // same-origin link; Chromium logs a failed one (a link to an unpublished page) as a console
  // error. Only the failed loads of those prefetch requests are left out.
  const prefetched = new Set<string>();
  page.on('request', (request) => {
    if (request.headers().purpose === 'prefetch') prefetched.add(request.url());
  });
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    if (message.text().startsWith('Failed to load resource') && prefetched.has(message.location().url)) return;
    messages.push(message.text());
  });
  page.on('pageerror', (error: Error) => {
    messages.push(`uncaught: ${error.message}`);
  });
  return { messages };
}
