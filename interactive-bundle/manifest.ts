/**
 * The bundle manifest, Node side: render workers read it to put the right script tags in pages
 * and to upload the hashed assets to storage under `assets/<file>`, which the edge router serves
 * at `/assets/<file>` (docs/architecture.md "Layout": the bundle's build writes hashed assets and a manifest). Written by build.ts; never imported by the browser bundle.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PlatformError } from '../core/errors.js';

export interface Manifest {
  /** The entry module, e.g. "client-3FQ2KXHD.js"; the only file a page references directly. */
  entry: string;
  /** Chunks the entry imports statically; worth a modulepreload link so they load in parallel. */
  preload: string[];
  /** Every file of the build (entry included), names only: upload them all. */
  files: string[];
}

/** Public URL prefix of the assets; the edge router serves storage `assets/<file>` here. */
export const ASSETS_URL_PREFIX = '/assets/';

/** `interactive-bundle/dist`, where `npm run build:bundle` writes. */
export const DEFAULT_DIST_DIR = fileURLToPath(new URL('./dist/', import.meta.url));

/** Assets live in `<distDir>/assets`, the manifest in `<distDir>/manifest.json`. */
export function assetsDir(distDir: string): string {
  return join(distDir, 'assets');
}

export function manifestPath(distDir: string): string {
  return join(distDir, 'manifest.json');
}

/** A bare file name: no directories, nothing to escape in a URL or an HTML attribute. */
const fileName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]*\.(?:js|css|map)$/, 'must be a bare file name');

const manifestSchema = z
  .object({
    entry: fileName,
    // Optional in the file: it is an optimisation, so absent means nothing to preload.
    preload: z.array(fileName).default([]),
    files: z.array(fileName),
  })
  .refine((m) => [m.entry, ...m.preload].every((name) => m.files.includes(name)), {
    message: 'entry and preload must be listed in files',
  });

/** Validates manifest JSON (docs/architecture.md "Conventions": `parseX(data: unknown): X` at every boundary). */
export function parseManifest(data: unknown): Manifest {
  const result = manifestSchema.safeParse(data);
  if (!result.success) {
    throw new PlatformError(
      'CONFIG_INVALID',
      `interactive bundle manifest is invalid (${z.prettifyError(result.error)}); run \`npm run build:bundle\``,
    );
  }
  return result.data;
}

/** Reads and validates `<distDir>/manifest.json`; a clear error says how to build it when missing. */
export async function readManifest(distDir: string = DEFAULT_DIST_DIR): Promise<Manifest> {
  const path = manifestPath(distDir);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new PlatformError(
      'CONFIG_INVALID',
      `interactive bundle manifest not found at ${path}; run \`npm run build:bundle\` first`,
      { cause: error },
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new PlatformError('CONFIG_INVALID', `interactive bundle manifest at ${path} is not JSON; run \`npm run build:bundle\``, {
      cause: error,
    });
  }
  return parseManifest(data);
}

export interface BundleAsset {
  /** File name, e.g. "chunk-ABC123.js"; store it under `assets/<file>`. */
  file: string;
  /** Absolute path on disk, to read and upload. */
  path: string;
  contentType: string;
}

export interface BundleAssets {
  manifest: Manifest;
  assets: BundleAsset[];
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  map: 'application/json; charset=utf-8',
};

function contentTypeOf(file: string): string {
  const extension = file.slice(file.lastIndexOf('.') + 1);
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/**
 * The manifest plus every built file with its absolute path and content type. The names carry a
 * content hash, so the files may be cached forever (immutable) by the CDN and browsers.
 */
export async function readBundleAssets(distDir: string = DEFAULT_DIST_DIR): Promise<BundleAssets> {
  const manifest = await readManifest(distDir);
  const dir = assetsDir(distDir);
  const assets = manifest.files.map((file) => ({ file, path: join(dir, file), contentType: contentTypeOf(file) }));
  return { manifest, assets };
}

/** The public URL of a built file. */
export function assetUrl(file: string): string {
  return `${ASSETS_URL_PREFIX}${file}`;
}

/**
 * The tags that load the bundle, for a page's `<head>` (or end of body). File names are validated
 * to `[A-Za-z0-9_-]`, so they need no escaping. AMP pages must not use this (docs/architecture.md "Islands").
 */
export function scriptTagsFor(manifest: Manifest): string {
  const preloads = manifest.preload.map((file) => `<link rel="modulepreload" href="${assetUrl(file)}">`);
  return [...preloads, `<script type="module" src="${assetUrl(manifest.entry)}"></script>`].join('');
}
