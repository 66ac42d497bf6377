/**
 * The person card's Read More (spec 2 §4: "A Read More toggle reveals extra content when there is
 * more than one content block"; the card "is collapsed with Read More and expands on click").
 *
 * Progressive enhancement: the server renders the extra content visible and the button hidden, so
 * a reader without script sees everything; once hydrated the content collapses and the button
 * (aria-expanded, aria-controls) toggles it.
 *
 * The blocks arrive as a small tree of the person description allow-list (spec 2 §5: br, strong,
 * em, u, s, b, i, a, p), never as HTML: the render worker converts the allow-listed HTML
 * (render-workers/people/person-rules.ts), and this island renders only allow-listed elements and
 * safe link addresses whatever its props hold, so no markup from props reaches the page.
 */
import { createElement, Fragment, useEffect, useId, useState, type ReactNode } from 'react';
import { IslandPropsError, type JsonObject, type JsonValue } from '../island-props.js';
import { hasSafeUrlStart } from '../../core/isomorphic/safe-url.js';

export const PERSON_READ_MORE_TEXTS = { more: 'Read More', less: 'Read Less' } as const;

/** Spec 2 §5: the person description allow-list. */
export const PERSON_INLINE_TAGS = ['p', 'br', 'strong', 'em', 'u', 's', 'b', 'i', 'a'] as const;
export type PersonInlineTag = (typeof PERSON_INLINE_TAGS)[number];

/** Text, or an allow-listed element; `href` only means something on `a`. */
export type PersonInlineNode = string | { tag: string; href: string | null; children: PersonInlineNode[] };

export type PersonReadMoreProps = {
  /** The extra content blocks, shown after the first; each a list of nodes. */
  blocks: PersonInlineNode[][];
};

const MAX_DEPTH = 16;

function isAllowedTag(tag: string): tag is PersonInlineTag {
  return (PERSON_INLINE_TAGS as readonly string[]).includes(tag);
}

/** http(s), mailto, tel or a site-relative path; anything else renders without an address. */
export function safePersonHref(href: string | null): string | undefined {
  if (href === null) return undefined;
  return hasSafeUrlStart(href, { mailtoAndTel: true }) ? href : undefined;
}

function parseNode(value: JsonValue, depth: number): PersonInlineNode {
  if (typeof value === 'string') return value;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new IslandPropsError('PersonReadMore nodes are strings or { tag, href, children }');
  }
  const { tag, href, children } = value as JsonObject;
  if (typeof tag !== 'string' || !isAllowedTag(tag)) throw new IslandPropsError('PersonReadMore node tag is not allow-listed');
  if (href !== null && typeof href !== 'string') throw new IslandPropsError('PersonReadMore node href must be a string or null');
  if (!Array.isArray(children)) throw new IslandPropsError('PersonReadMore node children must be a list');
  return { tag, href, children: children.map((child: JsonValue) => parseNode(child, depth + 1)) };
}

export function parsePersonReadMoreProps(props: JsonObject): PersonReadMoreProps {
  const { blocks } = props;
  if (!Array.isArray(blocks)) throw new IslandPropsError('PersonReadMore needs blocks');
  return {
    blocks: blocks.map((block: JsonValue) => {
      if (!Array.isArray(block)) throw new IslandPropsError('PersonReadMore blocks are lists of nodes');
      return block.map((node: JsonValue) => parseNode(node, 0));
    }),
  };
}

function renderNodes(nodes: readonly PersonInlineNode[], depth: number): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === 'string') return node;
    if (depth > MAX_DEPTH) return null;
    const children = renderNodes(node.children, depth + 1);
    // Whatever the props say, only allow-listed elements come out; anything else keeps its text.
    if (!isAllowedTag(node.tag)) return createElement(Fragment, { key: index }, ...children);
    if (node.tag === 'br') return createElement('br', { key: index });
    const href = node.tag === 'a' ? safePersonHref(node.href) : undefined;
    return createElement(node.tag, { key: index, ...(href === undefined ? {} : { href }) }, ...children);
  });
}

export function PersonReadMore({ blocks }: PersonReadMoreProps) {
  const [live, setLive] = useState(false);
  const [expanded, setExpanded] = useState(false);
  useEffect(() => setLive(true), []);
  const contentId = `person-more-${useId().replace(/[^\w-]/g, '')}`;
  return (
    <div className="person-read-more">
      <div id={contentId} className="person-more-content" hidden={live && !expanded}>
        {blocks.map((nodes, index) => (
          <div key={index} className="person-content-block">
            {renderNodes(nodes, 0)}
          </div>
        ))}
      </div>
      <button type="button" className="person-read-more-toggle" hidden={!live} aria-expanded={expanded} aria-controls={contentId} onClick={() => setExpanded((value) => !value)}>
        {expanded ? PERSON_READ_MORE_TEXTS.less : PERSON_READ_MORE_TEXTS.more}
      </button>
    </div>
  );
}
