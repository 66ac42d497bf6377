/**
 * The server side of an island (docs/architecture.md "Islands" and "Conventions"; ADR 0005). Render workers write
 * `<Island name="HeaderSearch" props={{ siteName }} />` in a page; the output is
 *
 *   <div data-island="HeaderSearch" data-island-props="island-props-X">…component HTML…</div>
 *   <script type="application/json" id="island-props-X">{…props…}</script>
 *
 * and the client entry hydrates the div with the same component and props. The props script sits
 * beside the root, not inside it, because React owns every child of a hydrated root.
 *
 * The component is rendered as its own root (a nested renderToString) rather than inline: the
 * browser hydrates it as a root with nothing but its props, so the server gives it nothing more
 * either (no page context leaks in), and its useId values match the client's exactly.
 */
import { useId } from 'react';
import { renderToString } from 'react-dom/server';
import { flattenString } from '../core/isomorphic/flatten-string.js';
import { serializeIslandProps } from './island-props.js';
import { islandElement, islandIdentifierPrefix } from './island-root.js';
import type { IslandName, IslandPropsByName } from './islands/registry.js';
import { islandComponents } from './islands/server-registry.js';

export interface IslandProps<N extends IslandName> {
  /** The registry name of the island component. */
  name: N;
  /** The component's props; JSON-serialisable by type, because they are written into the page. */
  props: IslandPropsByName[N];
}

export function Island<N extends IslandName>({ name, props }: IslandProps<N>) {
  // useId, not Math.random or a module counter: it depends only on the position in the tree, so
  // re-rendering unchanged content gives byte-identical HTML (the pipeline skips unchanged pages
  // by content hash, docs/architecture.md "The path of a change", step 5). Non-word characters are dropped so the id is
  // plain in any React version's useId format.
  const propsId = `island-props-${useId().replace(/[^\w-]/g, '')}`;
  const json = serializeIslandProps(props);
  const html = ISLAND_HTML.get(name, propsId, json, () =>
    renderToString(islandElement(islandComponents[name], props), {
      identifierPrefix: islandIdentifierPrefix(propsId),
    }),
  );
  return (
    <>
      <div data-island={name} data-island-props={propsId} dangerouslySetInnerHTML={{ __html: html }} />
      <script type="application/json" id={propsId} dangerouslySetInnerHTML={{ __html: json }} />
    </>
  );
}

/** Characters of keys and HTML an IslandHtmlMemo keeps in all (about twice that in bytes at most). */
export const ISLAND_MEMO_MAX_CHARS = 1024 * 1024;
/** Props longer than this as JSON are rendered every time (a runaway list would crowd out the rest). */
export const ISLAND_MEMO_MAX_PROPS_CHARS = 64 * 1024;

/**
 * Island HTML by component name, props id and props JSON. An island is its own root and sees
 * nothing but its props (the header above), and its server render reads no clock, so its HTML is
 * a function of those three: the pipeline's byte-identical re-renders depend on it already. Many
 * pages carry the same island with the same props (every article of a section shows the same
 * recommended videos), and the nested renderToString was about 2% of a worker's main thread in a
 * publish (issue 17).
 *
 * Bounded by characters of keys and HTML, the HTML kept flat (core/isomorphic/flatten-string.ts),
 * the least recently used going first: islands whose props differ on every page (the print
 * controls name their article) pass through without pushing out the ones pages share. Props
 * longer than ISLAND_MEMO_MAX_PROPS_CHARS are not kept.
 */
export class IslandHtmlMemo {
  /** Insertion order is recency: a hit moves its entry to the end. */
  private readonly entries = new Map<string, string>();
  private chars = 0;

  constructor(
    private readonly maxChars = ISLAND_MEMO_MAX_CHARS,
    private readonly maxPropsChars = ISLAND_MEMO_MAX_PROPS_CHARS,
  ) {}

  get(name: string, propsId: string, json: string, render: () => string): string {
    if (json.length > this.maxPropsChars) return render();
    const key = `${name}\u0000${propsId}\u0000${json}`;
    const found = this.entries.get(key);
    if (found !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, found);
      return found;
    }
    const html = render();
    const chars = key.length + html.length;
    if (chars > this.maxChars) return html;
    // Kept flat: renderToString's HTML is a rope of a node per piece, several times its characters.
    flattenString(html);
    for (const [oldest, value] of this.entries) {
      if (this.chars + chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= oldest.length + value.length;
    }
    this.entries.set(key, html);
    this.chars += chars;
    return html;
  }

  /** Entries and characters kept now (tests). */
  stats(): { entries: number; chars: number } {
    return { entries: this.entries.size, chars: this.chars };
  }
}

const ISLAND_HTML = new IslandHtmlMemo();
