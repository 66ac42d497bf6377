/**
 * An offline check of the AMP HTML rules our AMP variant must follow (the AMP variants must
 * pass an AMP-markup test). The official validator downloads its rules from cdn.ampproject.org,
 * which is unreachable here, so this re-states the required markup and the restrictions of
 * https://amp.dev/documentation/guides-and-tutorials/learn/spec/amphtml that a server-rendered
 * page can break. It is written independently of the renderer (its own constants), so a mistake
 * there is not repeated here.
 *
 * Parsed with htmlparser2 (a dependency of sanitize-html): entities in attribute values are decoded.
 */
import { parseDocument } from 'htmlparser2';
import { isTag, isText, type ChildNode, type Document, type Element } from 'domhandler';

/** The exact AMP boilerplate (amp.dev "AMP Boilerplate Code"), compared with whitespace normalised. */
export const AMP_BOILERPLATE_CSS =
  'body{-webkit-animation:-amp-start 8s steps(1,end) 0s 1 normal both;-moz-animation:-amp-start 8s steps(1,end) 0s 1 normal both;' +
  '-ms-animation:-amp-start 8s steps(1,end) 0s 1 normal both;animation:-amp-start 8s steps(1,end) 0s 1 normal both}' +
  '@-webkit-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-moz-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}' +
  '@-ms-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-o-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}' +
  '@keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}';
export const AMP_NOSCRIPT_BOILERPLATE_CSS = 'body{-webkit-animation:none;-moz-animation:none;-ms-animation:none;animation:none}';

/** The AMP limit on the one author stylesheet, in bytes (amp.dev "Style & layout"). */
export const AMP_CUSTOM_CSS_MAX_BYTES = 75_000;

export const AMP_RUNTIME_SRC = 'https://cdn.ampproject.org/v0.js';
const EXTENSION_SRC = /^https:\/\/cdn\.ampproject\.org\/v0\/(amp-[a-z0-9-]+)-(\d+\.\d+|latest)\.js$/;

/** amp-* elements built into the runtime: no extension script needed. */
const BUILT_IN = new Set(['amp-img', 'amp-layout', 'amp-pixel']);
/** Elements provided by an extension of another name. */
const PROVIDED_BY: Record<string, string> = { 'amp-state': 'amp-bind', 'amp-embed': 'amp-ad' };

/** Tags AMP forbids outright (amp.dev "HTML Tags": replaced by amp-* components, or never allowed). */
const FORBIDDEN_TAGS = new Set(['base', 'frame', 'frameset', 'object', 'param', 'applet', 'embed', 'iframe', 'video', 'audio', 'picture', 'portal']);
/** Input types AMP forbids. */
const FORBIDDEN_INPUT_TYPES = new Set(['image', 'button', 'password', 'file']);
/** JSON script types AMP allows (state, analytics config, structured data). */
const JSON_TYPES = new Set(['application/json', 'application/ld+json']);
/** Font providers AMP allows as external stylesheets. */
const FONT_ORIGINS = ['https://fonts.googleapis.com/', 'https://fonts.bunny.net/', 'https://use.typekit.net/', 'https://cloud.typography.com/', 'https://fast.fonts.net/', 'https://maxcdn.bootstrapcdn.com/'];

const UNSAFE_URL = /^(javascript|vbscript|data):/i;

function isElement(node: ChildNode): node is Element {
  return isTag(node);
}

function elements(nodes: readonly ChildNode[]): Element[] {
  const out: Element[] = [];
  const walk = (list: readonly ChildNode[]) => {
    for (const node of list) {
      if (!isElement(node)) continue;
      out.push(node);
      walk(node.children);
    }
  };
  walk(nodes);
  return out;
}

function textOf(element: Element): string {
  return element.children.map((child) => (isText(child) ? child.data : isElement(child) ? textOf(child) : '')).join('');
}

function normalise(css: string): string {
  return css.replace(/\s+/g, ' ').trim();
}

function hasAncestor(element: Element, name: string): boolean {
  for (let node = element.parent; node; node = node.parent) if (isTag(node) && node.name === name) return true;
  return false;
}

/** Problems that keep `html` from being valid AMP; an empty list means none were found. */
export function checkAmp(html: string): string[] {
  const problems: string[] = [];
  if (!/^\s*<!doctype html>/i.test(html)) problems.push('missing <!doctype html> at the start');

  const doc: Document = parseDocument(html, { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true });
  const all = elements(doc.children);
  const root = all.find((e) => e.name === 'html');
  if (!root || !('⚡' in root.attribs || 'amp' in root.attribs)) problems.push('<html> lacks the ⚡ or amp attribute');
  const head = all.find((e) => e.name === 'head');
  if (!head) {
    problems.push('missing <head>');
    return problems;
  }
  const headElements = elements(head.children);
  const firstInHead = head.children.find(isElement);
  if (!firstInHead || firstInHead.name !== 'meta' || (firstInHead.attribs.charset ?? '').toLowerCase() !== 'utf-8') {
    problems.push('<meta charset="utf-8"> is not the first child of <head>');
  }
  if (!headElements.some((e) => e.name === 'meta' && e.attribs.name === 'viewport' && (e.attribs.content ?? '').includes('width=device-width'))) {
    problems.push('missing <meta name="viewport" content="width=device-width,...">');
  }
  if (!headElements.some((e) => e.name === 'link' && (e.attribs.rel ?? '').split(/\s+/).includes('canonical') && (e.attribs.href ?? '') !== '')) {
    problems.push('missing <link rel="canonical" href="...">');
  }

  const canonical = headElements.find((e) => e.name === 'link' && (e.attribs.rel ?? '').split(/\s+/).includes('canonical'));
  const canonicalOrigin = originOf(canonical?.attribs.href);

  // Scripts: the runtime, extensions, JSON; nothing else (amp.dev: "no custom JavaScript").
  const extensions = new Set<string>();
  let runtime = 0;
  for (const script of all.filter((e) => e.name === 'script')) {
    const src = script.attribs.src;
    const type = (script.attribs.type ?? '').toLowerCase();
    const extension = script.attribs['custom-element'] ?? script.attribs['custom-template'];
    if (src === AMP_RUNTIME_SRC && extension === undefined) {
      runtime += 1;
      if (!('async' in script.attribs)) problems.push('the AMP runtime script is not async');
      if (!hasAncestor(script, 'head')) problems.push('the AMP runtime script is not in <head>');
    } else if (extension !== undefined && src !== undefined) {
      const match = EXTENSION_SRC.exec(src);
      if (!match || match[1] !== extension) problems.push(`extension script ${extension} has a bad src ${src}`);
      else extensions.add(extension);
    } else if (src === undefined && JSON_TYPES.has(type)) {
      continue;
    } else {
      problems.push(`script not allowed in AMP: ${describe(script)}`);
    }
  }
  if (runtime !== 1) problems.push(`expected exactly one AMP runtime script (${AMP_RUNTIME_SRC}), found ${runtime}`);

  // Styles: the boilerplate pair and at most one amp-custom, nothing else.
  const styles = all.filter((e) => e.name === 'style');
  const boilerplate = styles.filter((s) => 'amp-boilerplate' in s.attribs && !hasAncestor(s, 'noscript'));
  const noscriptBoilerplate = styles.filter((s) => 'amp-boilerplate' in s.attribs && hasAncestor(s, 'noscript'));
  if (boilerplate.length !== 1 || !boilerplate.every((s) => hasAncestor(s, 'head') && normalise(textOf(s)) === normalise(AMP_BOILERPLATE_CSS))) {
    problems.push('missing or altered <style amp-boilerplate> in <head>');
  }
  if (noscriptBoilerplate.length !== 1 || !noscriptBoilerplate.every((s) => hasAncestor(s, 'head') && normalise(textOf(s)) === normalise(AMP_NOSCRIPT_BOILERPLATE_CSS))) {
    problems.push('missing or altered <noscript><style amp-boilerplate> in <head>');
  }
  const custom = styles.filter((s) => 'amp-custom' in s.attribs);
  if (custom.length > 1) problems.push(`more than one <style amp-custom> (${custom.length})`);
  for (const style of custom) {
    if (!hasAncestor(style, 'head')) problems.push('<style amp-custom> is not in <head>');
    const bytes = Buffer.byteLength(textOf(style), 'utf8');
    if (bytes > AMP_CUSTOM_CSS_MAX_BYTES) problems.push(`<style amp-custom> is ${bytes} bytes, over the ${AMP_CUSTOM_CSS_MAX_BYTES}-byte limit`);
    if (/!important/i.test(textOf(style))) problems.push('<style amp-custom> uses !important');
  }
  for (const style of styles) {
    if (!('amp-boilerplate' in style.attribs) && !('amp-custom' in style.attribs)) problems.push(`<style> not allowed in AMP: ${describe(style)}`);
  }

  for (const element of all) {
    const name = element.name;
    if (FORBIDDEN_TAGS.has(name)) problems.push(`<${name}> is not allowed in AMP`);
    // An <img> is allowed only as a noscript fallback (amp.dev "HTML Tags": img with a noscript ancestor).
    if (name === 'img' && !hasAncestor(element, 'noscript')) problems.push('<img> is not allowed in AMP (use amp-img)');
    if (name === 'form' && !extensions.has('amp-form')) problems.push('<form> without the amp-form extension');
    if (name === 'input' && FORBIDDEN_INPUT_TYPES.has((element.attribs.type ?? '').toLowerCase())) {
      problems.push(`<input type="${element.attribs.type ?? ''}"> is not allowed in AMP`);
    }
    if (name === 'link' && (element.attribs.rel ?? '').toLowerCase().split(/\s+/).includes('stylesheet')) {
      const href = element.attribs.href ?? '';
      if (!FONT_ORIGINS.some((origin) => href.startsWith(origin))) problems.push(`external stylesheet not allowed in AMP: ${href}`);
    }
    if (name === 'meta' && (element.attribs['http-equiv'] ?? '').toLowerCase() === 'refresh') problems.push('<meta http-equiv="refresh"> is not allowed');
    if (name.startsWith('amp-') && !BUILT_IN.has(name)) {
      const needed = PROVIDED_BY[name] ?? name;
      if (!extensions.has(needed)) problems.push(`<${name}> is used without its extension script (${needed})`);
    }
    if (name === 'amp-iframe') problems.push(...ampIframeProblems(element, canonicalOrigin));
    if (name === 'template' && element.attribs.type === 'amp-mustache' && !extensions.has('amp-mustache')) {
      problems.push('<template type="amp-mustache"> is used without its extension script');
    }
    for (const [attribute, value] of Object.entries(element.attribs)) {
      if (attribute === 'style') problems.push(`style attribute on <${name}>`);
      if (attribute.startsWith('on') && attribute !== 'on') problems.push(`event handler attribute ${attribute} on <${name}>`);
      if (['href', 'src', 'action', 'formaction', 'srcset', 'poster'].includes(attribute) && UNSAFE_URL.test(value.replace(/[\s\p{Cc}]+/gu, ''))) {
        problems.push(`unsafe URL in ${attribute} on <${name}>`);
      }
    }
  }
  return [...new Set(problems)];
}

function originOf(url: string | undefined): string | null {
  try {
    return url === undefined ? null : new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * amp-iframe (amp.dev amp-iframe): its src is https only, and it "must not be in the same origin
 * as the container unless [it does] not allow allow-same-origin in the sandbox attribute". The
 * container is our origin (the canonical link's) or an AMP cache, so a frame with
 * allow-same-origin is checked against the canonical origin (unknown: refused).
 */
function ampIframeProblems(frame: Element, canonicalOrigin: string | null): string[] {
  const problems: string[] = [];
  const src = frame.attribs.src ?? '';
  if (!src.startsWith('https://')) problems.push(`<amp-iframe> src is not https: ${src.slice(0, 60)}`);
  const tokens = (frame.attribs.sandbox ?? '').toLowerCase().split(/\s+/);
  if (tokens.includes('allow-same-origin') && (canonicalOrigin === null || originOf(src) === canonicalOrigin)) {
    problems.push(`<amp-iframe> with allow-same-origin on the page's origin: ${describe(frame)}`);
  }
  return problems;
}

function describe(element: Element): string {
  const attributes = Object.entries(element.attribs)
    .map(([name, value]) => `${name}="${value.slice(0, 60)}"`)
    .join(' ');
  return `<${element.name}${attributes ? ` ${attributes}` : ''}>`;
}
