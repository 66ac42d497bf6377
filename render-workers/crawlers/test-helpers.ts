/**
 * A strict reading of the XML the crawler files write, for tests. htmlparser2 in xmlMode builds
 * the tree; because it forgives what a real XML parser refuses, the well-formedness rules it lets
 * pass are checked here as well: one root element, every tag closed explicitly and in order,
 * only XML 1.0 characters, only the five predefined entities or character references, no markup
 * characters left in text, and `]]>` nowhere in character data.
 */
import { Parser, parseDocument } from 'htmlparser2';
import { isTag, isText, type ChildNode, type Element } from 'domhandler';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const BAD_AMPERSAND = /&(?!(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9A-Fa-f]+);)/;

export class XmlError extends Error {}

function checkWellFormed(xml: string): void {
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')) throw new XmlError('missing XML declaration');
  if (NOT_XML_CHAR.test(xml)) throw new XmlError('a character XML 1.0 does not allow');
  if (BAD_AMPERSAND.test(xml)) throw new XmlError('an unescaped "&"');
  // Markup aside, "]]>" may not appear in the document at all (we write no CDATA sections).
  if (xml.includes(']]>')) throw new XmlError('"]]>" in character data');
  const stack: string[] = [];
  let roots = 0;
  let failure: string | null = null;
  const parser: Parser = new Parser(
    {
      onopentag(name) {
        if (stack.length === 0) roots += 1;
        stack.push(name);
      },
      onclosetag(name, isImplied) {
        const open = stack.pop();
        // htmlparser2 reports a self-closing tag ("<a/>") as an implied close too; only a close
        // the source does not spell out is an error.
        const selfClosing = isImplied && xml.slice(parser.startIndex, parser.endIndex + 1).endsWith('/>');
        if ((isImplied && !selfClosing) || open !== name) failure ??= `<${open ?? '?'}> closed by </${name}>${isImplied ? ' (implied)' : ''}`;
      },
      ontext(text) {
        if (stack.length === 0 && text.trim() !== '') failure ??= `text outside the root element: ${JSON.stringify(text.slice(0, 40))}`;
        if (/[<>]/.test(text)) failure ??= `markup character in text: ${JSON.stringify(text.slice(0, 40))}`;
      },
    },
    { xmlMode: true, decodeEntities: false },
  );
  parser.write(xml);
  parser.end();
  if (failure !== null) throw new XmlError(failure);
  if (stack.length > 0) throw new XmlError(`unclosed <${stack.join('>, <')}>`);
  if (roots !== 1) throw new XmlError(`${roots} root elements`);
}

/** The document element of a well-formed XML string; throws XmlError otherwise. */
export function parseXml(xml: string): Element {
  checkWellFormed(xml);
  const root = parseDocument(xml, { xmlMode: true }).children.find(isTag);
  if (root === undefined) throw new XmlError('no root element');
  return root;
}

export function childElements(node: Element, name?: string): Element[] {
  return node.children.filter((child: ChildNode): child is Element => isTag(child) && (name === undefined || child.name === name));
}

/** The one child element called `name`; throws unless there is exactly one. */
export function child(node: Element, name: string): Element {
  const found = childElements(node, name);
  if (found.length !== 1) throw new XmlError(`<${node.name}> has ${found.length} <${name}> children`);
  const [only] = found;
  if (only === undefined) throw new XmlError(`<${node.name}> has no <${name}>`);
  return only;
}

/** Decoded text content of an element. */
export function textOf(node: Element): string {
  return node.children.map((c) => (isText(c) ? c.data : isTag(c) ? textOf(c) : '')).join('');
}

/** The decoded text of the one child `name`. */
export function childText(node: Element, name: string): string {
  return textOf(child(node, name));
}
