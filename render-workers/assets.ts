/**
 * Publishes the hashed bundle assets and the brand images (render-workers/brand/images.ts: the
 * publisher logo, the organisation logo, the default social image) to storage (`assets/<file>`)
 * so the edge router serves them from the same place as the pages. Content-addressed names make
 * this idempotent: a worker start with an unchanged bundle writes nothing.
 */
import { readFile } from 'node:fs/promises';
import type { Logger } from '../core/logger.js';
import { cacheControlFor } from '../core/storage/cache-policy.js';
import { assetKey } from '../core/storage/keys.js';
import type { ObjectStore } from '../core/storage/types.js';
import { writeIfChanged } from '../core/storage/write.js';
import { assetUrl, readBundleAssets, type Manifest } from '../interactive-bundle/manifest.js';
import { allBrandAssets } from './brand/images.js';

export interface PublishedBundle {
  manifest: Manifest;
  /** Script URLs a standard page loads (the entry; chunks load on demand). */
  scripts: string[];
  written: number;
}

export async function publishBundleAssets(store: ObjectStore, bundleDir: string, log: Logger): Promise<PublishedBundle> {
  const { manifest, assets } = await readBundleAssets(bundleDir);
  const files = [
    ...(await Promise.all(assets.map(async (asset) => ({ file: asset.file, contentType: asset.contentType, body: await readFile(asset.path) })))),
    ...allBrandAssets().map((image) => ({ file: image.file, contentType: 'image/png', body: image.body })),
  ];
  let written = 0;
  for (const { file, contentType, body } of files) {
    const result = await writeIfChanged(store, assetKey(file), body, {
      contentType,
      cacheControl: cacheControlFor('asset'),
      surrogateKeys: ['assets'],
      renderedAt: new Date().toISOString(),
      reason: 'deploy',
    });
    if (result.written) written += 1;
  }
  log.info({ assets: files.length, written }, 'bundle and brand assets published');
  return { manifest, scripts: [assetUrl(manifest.entry)], written };
}
