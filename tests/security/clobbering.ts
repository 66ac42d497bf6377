/**
 * Finds DOM-clobbering markup in a stored page (RELIABILITY.md, hostile input),
 * the part findLiveMarkup (live-markup.ts) does not look at: markup that is not script itself but
 * changes what the page's own script finds.
 *   - an id used twice: `document.getElementById` returns the first, so an upstream element placed
 *     before ours takes over (the client entry finds each island's props script by id);
 *   - an `island-props-*` id on anything but a JSON script (interactive-bundle/client/entry.tsx
 *     parses that element's text as the island's props);
 *   - a `name` or `id` on img, form, embed, object or iframe that names a `document` property
 *     (`<img name="cookie">` makes `document.cookie` that element).
 */
import { parseDocument } from 'htmlparser2';
import { isTag, type ChildNode, type Element } from 'domhandler';

/** `document` properties a named img/form/embed/object/iframe would shadow, and that scripts read. */
const DOCUMENT_PROPERTIES = new Set([
  'body', 'head', 'cookie', 'domain', 'location', 'referrer', 'title', 'url', 'forms', 'images', 'links', 'scripts', 'anchors', 'embeds',
  'plugins', 'all', 'documentelement', 'defaultview', 'currentscript', 'activeelement', 'getelementbyid', 'getelementsbyname',
  'getelementsbytagname', 'getelementsbyclassname', 'queryselector', 'queryselectorall', 'createelement', 'write', 'writeln', 'open', 'close',
]);
const NAMED_ACCESS_ELEMENTS = new Set(['img', 'form', 'embed', 'object', 'iframe']);

function elements(nodes: readonly ChildNode[], out: Element[] = []): Element[] {
  for (const node of nodes) {
    if (!isTag(node)) continue;
    out.push(node);
    elements(node.children, out);
  }
  return out;
}

/** Every clobbering problem found; an empty list means the page is clean. */
export function findClobbering(html: string): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const element of elements(parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true }).children)) {
    const id = element.attribs.id;
    if (id !== undefined) {
      if (seen.has(id)) problems.push(`id "${id.slice(0, 80)}" used twice (second on <${element.name}>)`);
      seen.add(id);
      if (id.startsWith('island-props-') && !(element.name === 'script' && (element.attribs.type ?? '').toLowerCase() === 'application/json')) {
        problems.push(`island props id "${id}" on <${element.name}>`);
      }
    }
    if (NAMED_ACCESS_ELEMENTS.has(element.name)) {
      for (const attribute of ['name', 'id'] as const) {
        const value = element.attribs[attribute];
        if (value !== undefined && DOCUMENT_PROPERTIES.has(value.toLowerCase())) problems.push(`<${element.name} ${attribute}="${value}"> shadows document.${value}`);
      }
    }
  }
  return problems;
}
