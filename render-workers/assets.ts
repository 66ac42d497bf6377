/**
 * Publishes the hashed bundle assets to storage (`assets/<file>`) so the edge router serves them
 * from the same place as the pages. Content-addressed names make this idempotent: a worker start
 * with an unchanged bundle writes nothing.
 */
import { readFile } from 'node:fs/promises';
import type { Logger } from '../core/logger.js';
import { cacheControlFor } from '../core/storage/cache-policy.js';
import { assetKey } from '../core/storage/keys.js';
import type { ObjectStore } from '../core/storage/types.js';
import { writeIfChanged } from '../core/storage/write.js';
import { assetUrl, readBundleAssets, type Manifest } from '../interactive-bundle/manifest.js';

export interface PublishedBundle {
  manifest: Manifest;
  /** Script URLs a standard page loads (the entry; chunks load on demand). */
  scripts: string[];
  written: number;
}

export async function publishBundleAssets(store: ObjectStore, bundleDir: string, log: Logger): Promise<PublishedBundle> {
  const { manifest, assets } = await readBundleAssets(bundleDir);
  let written = 0;
  for (const asset of assets) {
    const body = await readFile(asset.path);
    const result = await writeIfChanged(store, assetKey(asset.file), body, {
      contentType: asset.contentType,
      cacheControl: cacheControlFor('asset'),
      surrogateKeys: ['assets'],
      renderedAt: new Date().toISOString(),
      reason: 'deploy',
    });
    if (result.written) written += 1;
  }
  log.info({ assets: assets.length, written }, 'bundle assets published');
  return { manifest, scripts: [assetUrl(manifest.entry)], written };
}
