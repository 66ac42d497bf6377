/**
 * The person rules of spec 2 (§4, §5): which roles may have a person page, the description
 * allow-list, the 250-character bio cut (never leaving a tag open), the canonical path the 301 rule
 * compares with, the social links (the footer's URL rule, core/isomorphic/social.ts), and the
 * content blocks that decide whether the card has Read More.
 */
import untimedSanitizeHtml from 'sanitize-html';
import { timedSync } from '../../core/phase-timer.js';
import { sanitizeMemo } from '../blocks/sanitize-memo.js';
import { SOCIAL_NETWORK_INFO, SOCIAL_NETWORKS, socialUrl, type SocialNetwork } from '../../core/isomorphic/social.js';
import { isValidPagePath, normalisePagePath } from '../../core/storage/keys.js';
import type { Person } from '../../core/upstream/schemas.js';
import type { PersonInlineNode } from '../../interactive-bundle/islands/person-read-more.island.js';

/** sanitize-html, timed as `sanitise` by the bench's phase timer (core/phase-timer.ts). */
const sanitizeHtml = timedSync('sanitise', untimedSanitizeHtml);

/** Spec 2 §5: the only roles with a person page. */
export const PERSON_PAGE_ROLES: readonly string[] = ['Author', 'Personality'];
/** Spec 2 §5: the error a person with another role is rejected with. */
export const PERSON_ROLE_ERROR = "Person doesn't have a Author or Personality Role.";
/** Spec 2 §5: person descriptions allow only these tags. */
export const PERSON_DESCRIPTION_TAGS: readonly string[] = ['br', 'strong', 'em', 'u', 's', 'b', 'i', 'a', 'p'];
/** Spec 2 §5: the bio is cut to 250 characters. */
export const BIO_MAX_CHARS = 250;

export function hasPersonPageRole(person: Pick<Person, 'role'>): boolean {
  return PERSON_PAGE_ROLES.includes(person.role);
}

/** Spec 2 §5 allow-list; links keep only an http(s), mailto or tel href. */
export function sanitizePersonDescription(html: string): string {
  // Through the process's sanitizer memo (blocks/sanitize-memo.ts), under this option set's name.
  return sanitizeMemo.run('person-description', html, sanitizePersonDescriptionNow);
}

function sanitizePersonDescriptionNow(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...PERSON_DESCRIPTION_TAGS],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: false,
  });
}

const TOKEN = /(<\/?([a-z]+)[^>]*>)|(&(?:#\d+|#x[0-9a-f]+|[a-z]+);)|([^<&]+)|([<&])/gi;
const VOID_TAGS = new Set(['br']);

/**
 * Cuts sanitized HTML to `max` characters of text (an entity counts as one), closing the tags left
 * open at the cut so the page stays valid. Text at or under the limit comes back unchanged.
 */
export function cutHtml(html: string, max: number = BIO_MAX_CHARS): string {
  const open: string[] = [];
  let out = '';
  let count = 0;
  for (const match of html.matchAll(TOKEN)) {
    const [token, tag, name, entity, text, stray] = match;
    if (tag !== undefined && name !== undefined) {
      const lower = name.toLowerCase();
      if (tag.startsWith('</')) {
        if (open.at(-1) === lower) open.pop();
      } else if (!VOID_TAGS.has(lower) && !tag.endsWith('/>')) {
        open.push(lower);
      }
      out += token;
      continue;
    }
    if (count >= max) break;
    if (entity !== undefined || stray !== undefined) {
      out += token;
      count += 1;
      continue;
    }
    const chars = Array.from(text ?? '');
    const room = max - count;
    out += chars.slice(0, room).join('');
    count += Math.min(chars.length, room);
  }
  return out + open.reverse().map((name) => `</${name}>`).join('');
}

/** The card's bio: allow-listed, then cut to 250 characters (spec 2 §5). */
export function personBio(person: Pick<Person, 'shortBio'>): string {
  return cutHtml(sanitizePersonDescription(person.shortBio ?? ''));
}

/** The person's page path from its canonical URL, or null when it has none usable. */
export function personCanonicalPath(person: Pick<Person, 'canonicalUrl'>): string | null {
  const url = person.canonicalUrl;
  if (url === undefined || url.trim() === '') return null;
  try {
    const path = normalisePagePath(new URL(url, 'https://placeholder.invalid').pathname);
    return isValidPagePath(path) ? path : null;
  } catch {
    return null;
  }
}

/** The `{p}/{slug}` of a person page path, or null when the path is not one (spec 2 §5: both needed). */
export function personRouteParams(path: string): { p: string; slug: string } | null {
  const segments = path.split('/').filter(Boolean);
  if (segments.length !== 3 || segments[0] !== 'person') return null;
  const [, p, slug] = segments;
  if (p === undefined || slug === undefined || p === '' || slug === '') return null;
  return { p, slug };
}

export interface PersonSocialLink {
  network: string;
  label: string;
  url: string;
}

/** Known networks in the footer's order, each through the URL rule; others and rejected values left out. */
export function personSocialLinks(social: Readonly<Record<string, string>>): PersonSocialLink[] {
  return SOCIAL_NETWORKS.flatMap((network: SocialNetwork) => {
    const value = social[network];
    const url = value === undefined ? undefined : socialUrl(network, value);
    return url === undefined ? [] : [{ network, label: SOCIAL_NETWORK_INFO[network].label, url }];
  });
}

/**
 * The text of each content block, allow-listed. A block is a string or `{ model: { text } }`; a
 * block with no text counts toward "more than one content block" but renders nothing.
 */
export function personContentBlocks(content: readonly unknown[]): string[] {
  return content.map((block) => {
    const text =
      typeof block === 'string'
        ? block
        : typeof block === 'object' && block !== null && 'model' in block && typeof block.model === 'object' && block.model !== null && 'text' in block.model && typeof block.model.text === 'string'
          ? block.model.text
          : '';
    return sanitizePersonDescription(text);
  });
}

/** Spec 2 §4: Read More only when there is more than one content block. */
export function hasReadMore(content: readonly unknown[]): boolean {
  return content.length > 1;
}

const ENTITY = /&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos|nbsp));/gi;
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeText(text: string): string {
  return text.replace(ENTITY, (whole, dec?: string, hex?: string, name?: string) => {
    const code = dec !== undefined ? Number(dec) : hex !== undefined ? parseInt(hex, 16) : undefined;
    if (code !== undefined) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    return NAMED[(name ?? '').toLowerCase()] ?? whole;
  });
}

const NODE_TOKEN = /<(\/?)([a-z]+)((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*\/?>|([^<]+)/gi;

/**
 * The Read More island's props form of one content block: allow-listed HTML (the output of
 * sanitizePersonDescription, so well formed) as a tree of text and allow-listed elements. The
 * island renders the tree as elements, so no HTML string travels in its props.
 */
export function toInlineNodes(html: string): PersonInlineNode[] {
  const root: PersonInlineNode[] = [];
  const stack: Array<{ tag: string; children: PersonInlineNode[] }> = [];
  const current = () => stack.at(-1)?.children ?? root;
  for (const [, closing, rawName, attributes, text] of html.matchAll(NODE_TOKEN)) {
    if (text !== undefined) {
      current().push(decodeText(text));
      continue;
    }
    const tag = (rawName ?? '').toLowerCase();
    if (!PERSON_DESCRIPTION_TAGS.includes(tag)) continue;
    if (closing === '/') {
      if (stack.at(-1)?.tag === tag) stack.pop();
      continue;
    }
    const href = tag === 'a' ? /\shref="([^"]*)"/i.exec(attributes ?? '')?.[1] : undefined;
    const node = { tag, href: href === undefined ? null : decodeText(href), children: [] as PersonInlineNode[] };
    current().push(node);
    if (tag !== 'br') stack.push(node);
  }
  return root;
}
