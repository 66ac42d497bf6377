/**
 * Finds live markup in a stored page (hostile HTML in any text field must never
 * reach the page as live markup): script elements other than the page's own, event-handler attributes,
 * script URLs, srcdoc, <base>, meta refresh and script in CSS. Parsed with htmlparser2 (installed
 * with sanitize-html), which decodes entities in attribute values, so `&#106;avascript:` is seen as
 * `javascript:`.
 *
 * It also finds what a hostile upstream could still reach (ADR 0021): a URL in structured data (JSON-LD) that
 * is not absolute http(s), and an iframe (or amp-iframe) without a sandbox, with a token that lets
 * it leave its box, or with allow-scripts and allow-same-origin while its src may be on the page's
 * own origin (the canonical link's), where it could lift its own sandbox.
 */
import { parseDocument } from 'htmlparser2';
import { isTag, isText, type ChildNode, type Element } from 'domhandler';
import { APP_MODE_SCRIPT } from '../../render-workers/games/game-rules.js';
import { THEME_SCRIPT } from '../../render-workers/shell/document.js';

/** The constant inline scripts pages carry: the theme cookie's (every page) and mode=app's (games). */
const OWN_INLINE_SCRIPTS: readonly string[] = [THEME_SCRIPT, APP_MODE_SCRIPT];

export interface LiveMarkupOptions {
  /** AMP pages may load the AMP runtime and extensions and use AMP's `on=` action attribute. */
  amp: boolean;
}

const AMP_SCRIPT = /^https:\/\/cdn\.ampproject\.org\/(v0\.js|v0\/amp-[a-z0-9-]+-(\d+\.\d+|latest)\.js)$/;
const SCRIPT_URL = /^(javascript|vbscript|data):/i;
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'lowsrc', 'dynsrc', 'codebase', 'cite', 'ping']);
/** SVG animation attributes that can set an href (`<animate attributeName="href" values="javascript:...">`). */
const ANIMATION_VALUES = new Set(['values', 'to', 'from', 'by']);
/** JSON-LD keys whose values are URLs (schema.org names our structured data uses, and any `...Url`). */
const JSON_LD_URL_KEYS = new Set(['url', '@id', 'item', 'image', 'logo', 'sameAs', 'urlTemplate']);
const JSON_LD_URL = /^https?:\/\/[^\s\p{Cc}/\\][^\s\p{Cc}]*$/u;
/** Sandbox tokens that let a frame act outside its box (navigate the page, dialogs, downloads). */
const ESCAPING_SANDBOX_TOKEN = /^allow-(top-navigation|modals|downloads|storage-access)/;
const CSS_SCRIPT = /expression\s*\(|url\s*\(\s*['"]?\s*(javascript|vbscript|data:text\/html)|@import|behavior\s*:|-moz-binding/i;

/** Removes what browsers ignore inside a URL scheme: whitespace and control characters. */
function squash(value: string): string {
  return value.replace(/[\s\p{Cc}]+/gu, '');
}

function elements(nodes: readonly ChildNode[], out: Element[] = []): Element[] {
  for (const node of nodes) {
    if (!isTag(node)) continue;
    out.push(node);
    elements(node.children, out);
  }
  return out;
}

function textOf(element: Element): string {
  return element.children.map((child) => (isText(child) ? child.data : isTag(child) ? textOf(child) : '')).join('');
}

function describe(element: Element): string {
  const attributes = Object.entries(element.attribs).map(([name, value]) => `${name}="${value.slice(0, 80)}"`);
  return `<${[element.name, ...attributes].join(' ')}>`;
}

/** Why a script element is allowed, or null. */
function allowedScript(script: Element, options: LiveMarkupOptions): boolean {
  const type = (script.attribs.type ?? '').trim().toLowerCase();
  const src = script.attribs.src;
  if (type === 'module' && src !== undefined && src.startsWith('/assets/') && !src.startsWith('/assets//')) return textOf(script).trim() === '';
  if ((type === 'application/json' || type === 'application/ld+json') && src === undefined) {
    // A data island must still be one JSON value: a payload that closed it would break the parse.
    try {
      JSON.parse(textOf(script));
      return true;
    } catch {
      return false;
    }
  }
  if (options.amp && src !== undefined && AMP_SCRIPT.test(src) && type === '') return textOf(script).trim() === '';
  // Our own constant inline head scripts (spec 1 §2.2 theme, spec 2 §2 mode=app), byte for byte;
  // nothing else inline.
  if (!options.amp && type === '' && src === undefined && OWN_INLINE_SCRIPTS.includes(textOf(script))) return true;
  return false;
}

/** URLs in a JSON-LD value that are not absolute http(s), with their key path. */
function jsonLdUrlProblems(value: unknown, path: string, urlValued: boolean, out: string[]): void {
  if (typeof value === 'string') {
    if (urlValued && !JSON_LD_URL.test(value)) out.push(`structured-data URL ${path} is not absolute http(s): ${value.slice(0, 80)}`);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => jsonLdUrlProblems(item, `${path}[${index}]`, urlValued, out));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) jsonLdUrlProblems(inner, `${path}.${key}`, JSON_LD_URL_KEYS.has(key) || /url$/i.test(key), out);
  }
}

function jsonLdProblems(script: Element): string[] {
  if ((script.attribs.type ?? '').trim().toLowerCase() !== 'application/ld+json') return [];
  let data: unknown;
  try {
    data = JSON.parse(textOf(script));
  } catch {
    return []; // reported as a script element that does not parse
  }
  const out: string[] = [];
  jsonLdUrlProblems(data, '$', false, out);
  return out;
}

function originOf(url: string | undefined): string | null {
  if (url === undefined || !/^https?:\/\//i.test(url.trim())) return null;
  try {
    return new URL(url.trim()).origin;
  } catch {
    return null;
  }
}

/** A frame's sandbox problems; `pageOrigin` is the canonical link's origin (null: unknown, so every frame may be ours). */
function frameProblems(frame: Element, pageOrigin: string | null): string[] {
  if (!('sandbox' in frame.attribs)) return [`unsandboxed frame ${describe(frame)}`];
  const tokens = (frame.attribs.sandbox ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const out = tokens.filter((token) => ESCAPING_SANDBOX_TOKEN.test(token)).map((token) => `sandbox token ${token} on ${describe(frame)}`);
  if (tokens.includes('allow-scripts') && tokens.includes('allow-same-origin')) {
    const frameOrigin = originOf(frame.attribs.src);
    if (frameOrigin === null || pageOrigin === null || frameOrigin === pageOrigin) out.push(`allow-scripts with allow-same-origin on a frame that may be same-origin ${describe(frame)}`);
  }
  return out;
}

/** Every piece of live markup found; an empty list means the page is clean. */
export function findLiveMarkup(html: string, options: LiveMarkupOptions): string[] {
  const problems: string[] = [];
  const all = elements(parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true }).children);
  const canonical = all.find((e) => e.name === 'link' && (e.attribs.rel ?? '').toLowerCase().split(/\s+/).includes('canonical'));
  const pageOrigin = originOf(canonical?.attribs.href);
  for (const element of all) {
    const name = element.name;
    if (name === 'script' && !allowedScript(element, options)) problems.push(`script element ${describe(element)}`);
    if (name === 'script') problems.push(...jsonLdProblems(element));
    if (name === 'iframe' || name === 'amp-iframe') problems.push(...frameProblems(element, pageOrigin));
    if (name === 'base') problems.push(`base element ${describe(element)}`);
    if (name === 'meta' && (element.attribs['http-equiv'] ?? '').trim().toLowerCase() === 'refresh') problems.push(`meta refresh ${describe(element)}`);
    if (name === 'style' && CSS_SCRIPT.test(textOf(element))) problems.push(`script in a style element: ${textOf(element).slice(0, 120)}`);
    for (const [attribute, value] of Object.entries(element.attribs)) {
      if (attribute.startsWith('on') && !(options.amp && attribute === 'on')) problems.push(`event handler ${attribute} on ${describe(element)}`);
      if (attribute === 'srcdoc') problems.push(`srcdoc on ${describe(element)}`);
      if (URL_ATTRIBUTES.has(attribute) && SCRIPT_URL.test(squash(value))) problems.push(`script URL in ${attribute} on ${describe(element)}`);
      if ((attribute === 'srcset' || attribute === 'imagesrcset') && value.split(',').some((part) => SCRIPT_URL.test(squash(part)))) {
        problems.push(`script URL in ${attribute} on ${describe(element)}`);
      }
      if (ANIMATION_VALUES.has(attribute) && /(javascript|vbscript):/i.test(squash(value))) problems.push(`script URL in ${attribute} on ${describe(element)}`);
      if (attribute === 'style' && CSS_SCRIPT.test(value)) problems.push(`script in a style attribute on ${describe(element)}`);
    }
  }
  return problems;
}
