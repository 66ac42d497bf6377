/**
 * Image URLs of the sample dataset. They point at the sample upstream's own placeholder route
 * (GET /images/:name.svg) on its default address, so the local demo shows pictures without a
 * network; with another port they are broken links, which no test depends on.
 */
import { UPSTREAM_DEFAULTS } from '../../../core/config/upstream.js';

export const SAMPLE_IMAGE_BASE = `${UPSTREAM_DEFAULTS.baseUrl}/images`;

export function sampleImage(name: string): string {
  return `${SAMPLE_IMAGE_BASE}/${name}.svg`;
}
