/**
 * For browser tests of the bundle alone: serves the bundle (the run's one build under
 * vitest.config.ts, tests/support/shared-stack.ts; else one built into a temp dir), the test's
 * pages, and optionally a stand-in API, from a throwaway HTTP server on a free port.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBundle } from '../../interactive-bundle/build.js';
import { STORED_PAGES_ENDPOINT } from '../../interactive-bundle/client/platform/prefetch.js';
import { assetsDir, readManifest, scriptTagsFor, type Manifest } from '../../interactive-bundle/manifest.js';
import { sharedBundleDir } from './shared-stack.js';

export interface BundleServer {
  origin: string;
  manifest: Manifest;
  stop(): Promise<void>;
}

export interface BundleServerOptions {
  /** Pages by path, built once the bundle exists (their script tags name the hashed files). */
  pages: (manifest: Manifest) => Record<string, string>;
  /** Answers a request the pages and assets do not cover; returns false to let it 404. */
  api?: (url: URL, response: ServerResponse, request: IncomingMessage) => boolean;
}

/** A page shell with the bundle's script tags; a data: icon keeps Chromium from asking for /favicon.ico. */
export function bundlePage(manifest: Manifest, title: string, body: string, head = scriptTagsFor(manifest)): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="icon" href="data:,">${head}</head><body>${body}</body></html>`;
}

export async function startBundleServer(options: BundleServerOptions): Promise<BundleServer> {
  const shared = sharedBundleDir();
  const ownDir = shared === null ? await mkdtemp(join(tmpdir(), 'bundle-server-')) : null;
  const outDir = shared ?? ownDir ?? '';
  const manifest = ownDir === null ? await readManifest(outDir) : await buildBundle({ outDir: ownDir });
  const html = options.pages(manifest);
  const assets = assetsDir(outDir);
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const document = html[url.pathname];
    if (document !== undefined) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(document);
      return;
    }
    const file = url.pathname.startsWith('/assets/') ? url.pathname.slice('/assets/'.length) : '';
    if (manifest.files.includes(file)) {
      readFile(join(assets, file)).then(
        (body) => response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(body),
        () => response.writeHead(500).end(),
      );
      return;
    }
    if (options.api?.(url, response, request)) return;
    if (url.pathname === STORED_PAGES_ENDPOINT) {
      // The edge router's answer (edge-router/plugins/stored-pages.ts), for this server's pages:
      // link prefetch asks it before fetching a page.
      const asked = (url.searchParams.get('paths') ?? '').split(',');
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ stored: asked.filter((path) => html[path] !== undefined) }));
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    manifest,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (ownDir !== null) await rm(ownDir, { recursive: true, force: true });
    },
  };
}
