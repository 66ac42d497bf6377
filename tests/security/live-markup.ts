/**
 * Finds live markup in a stored page (issue 3: "hostile HTML in any text field never reaches the
 * page as live markup"): script elements other than the page's own, event-handler attributes,
 * script URLs, srcdoc, <base>, meta refresh and script in CSS. Parsed with htmlparser2 (installed
 * with sanitize-html), which decodes entities in attribute values, so `&#106;avascript:` is seen as
 * `javascript:`.
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

/** Every piece of live markup found; an empty list means the page is clean. */
export function findLiveMarkup(html: string, options: LiveMarkupOptions): string[] {
  const problems: string[] = [];
  const all = elements(parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true }).children);
  for (const element of all) {
    const name = element.name;
    if (name === 'script' && !allowedScript(element, options)) problems.push(`script element ${describe(element)}`);
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
