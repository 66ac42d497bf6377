/**
 * The AMP document shell (spec 1 §2.6 AMP page). AMP's required markup is exact: `<html ⚡>`,
 * `<meta charset="utf-8">` first in the head, the v0 runtime, one script per extension, a canonical
 * link, a viewport meta, the boilerplate style verbatim and one `<style amp-custom>`. React cannot
 * write the `⚡` attribute or the boilerplate's bare attributes, so the head is assembled here as a
 * string (every value escaped) and only the body is rendered by React.
 */
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { jsonForScript } from '../../core/isomorphic/json-script.js';
import { PlatformError } from '../../core/errors.js';
import { timeSync } from '../../core/phase-timer.js';
import { AMP_CUSTOM_CSS_MAX_BYTES } from './amp-styles.js';

export const AMP_RUNTIME_SRC = 'https://cdn.ampproject.org/v0.js';

/** Verbatim from the AMP boilerplate spec: the validator compares it as text. */
export const AMP_BOILERPLATE =
  '<style amp-boilerplate>body{-webkit-animation:-amp-start 8s steps(1,end) 0s 1 normal both;-moz-animation:-amp-start 8s steps(1,end) 0s 1 normal both;-ms-animation:-amp-start 8s steps(1,end) 0s 1 normal both;animation:-amp-start 8s steps(1,end) 0s 1 normal both}@-webkit-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-moz-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-ms-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-o-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}</style>' +
  '<noscript><style amp-boilerplate>body{-webkit-animation:none;-moz-animation:none;-ms-animation:none;animation:none}</style></noscript>';

/**
 * Extension versions where 0.1 is not the current one. Every other extension is loaded at 0.1.
 * `amp-mustache` is a template, loaded with `custom-template` instead of `custom-element`.
 */
const EXTENSION_VERSIONS: Readonly<Record<string, string>> = {
  'amp-sticky-ad': '1.0',
  'amp-carousel': '0.2',
  'amp-mustache': '0.2',
};
const TEMPLATE_EXTENSIONS = new Set(['amp-mustache']);
/** Built into the runtime: no script, and the validator rejects one. */
const BUILT_IN_ELEMENTS = new Set(['amp-img', 'amp-pixel', 'amp-layout']);

export interface AmpDocumentProps {
  lang: string;
  title: string;
  description: string;
  /** Absolute URL of the standard page (AMP requires a canonical link). */
  canonicalUrl: string;
  robots: string;
  /** Extension element names the body uses (`amp-ad`, `amp-sidebar`, ...), in any order, repeats allowed. */
  extensions: readonly string[];
  /** The amp-custom stylesheet; at most 75,000 bytes. */
  css: string;
  /** NewsArticle structured data; any JSON-serialisable object. */
  structuredData?: object;
  /** The body's content; rendered with renderToString. */
  body: ReactElement;
  /** `class` of `<body>`. */
  bodyClass?: string;
}

/** The complete AMP HTML document, from the doctype to `</html>`. */
export function renderAmpDocument(props: AmpDocumentProps): string {
  const cssBytes = Buffer.byteLength(props.css, 'utf8');
  if (cssBytes > AMP_CUSTOM_CSS_MAX_BYTES) {
    // An over-limit stylesheet makes the whole page invalid AMP: fail the render, keep the last page.
    throw new PlatformError('RENDER_FAILED', `AMP custom CSS is ${cssBytes} bytes, over the ${AMP_CUSTOM_CSS_MAX_BYTES}-byte limit`, {
      details: { cssBytes },
    });
  }
  const head = [
    '<meta charset="utf-8">',
    `<script async src="${AMP_RUNTIME_SRC}"></script>`,
    ...ampExtensionScripts(props.extensions),
    `<title>${escapeHtml(props.title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(props.canonicalUrl)}">`,
    '<meta name="viewport" content="width=device-width,minimum-scale=1,initial-scale=1">',
    `<meta name="description" content="${escapeHtml(props.description)}">`,
    `<meta name="robots" content="${escapeHtml(props.robots)}">`,
    props.structuredData === undefined
      ? ''
      : `<script type="application/ld+json">${serializeJsonForScript(props.structuredData)}</script>`,
    `<style amp-custom>${props.css}</style>`,
    AMP_BOILERPLATE,
  ].join('');
  const bodyClass = props.bodyClass ? ` class="${escapeHtml(props.bodyClass)}"` : '';
  // Upper-case doctype: HTML treats it the same, and render-html.ts's document guard expects it.
  return (
    `<!DOCTYPE html><html ⚡ lang="${escapeHtml(props.lang)}"><head>${head}</head>` +
    `<body${bodyClass}>${timeSync('react', () => renderToString(props.body))}</body></html>`
  );
}

/** One `<script async custom-element>` per distinct extension, sorted so the output is stable. */
export function ampExtensionScripts(extensions: readonly string[]): string[] {
  const names = [...new Set(extensions)].filter((name) => !BUILT_IN_ELEMENTS.has(name)).sort();
  return names.map((name) => {
    if (!/^amp-[a-z0-9-]+$/.test(name)) {
      throw new PlatformError('RENDER_FAILED', `Not an AMP extension name: ${JSON.stringify(name)}`);
    }
    const version = EXTENSION_VERSIONS[name] ?? '0.1';
    const kind = TEMPLATE_EXTENSIONS.has(name) ? 'custom-template' : 'custom-element';
    return `<script async ${kind}="${name}" src="https://cdn.ampproject.org/v0/${name}-${version}.js"></script>`;
  });
}

/** JSON for a `<script type="application/json">` body: nothing in it can close the element. */
export const serializeJsonForScript = jsonForScript;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
