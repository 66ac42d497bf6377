/**
 * The React form of `scriptTagsFor`, for documents rendered with React: modulepreload links for
 * the entry's static imports, then the entry module script. Not for AMP pages (AMP allows no custom
 * script: docs/architecture.md "Islands").
 */
import { assetUrl, type Manifest } from './manifest.js';

export interface BundleScriptsProps {
  manifest: Manifest;
}

export function BundleScripts({ manifest }: BundleScriptsProps) {
  return (
    <>
      {manifest.preload.map((file) => (
        <link key={file} rel="modulepreload" href={assetUrl(file)} />
      ))}
      <script type="module" src={assetUrl(manifest.entry)} />
    </>
  );
}
