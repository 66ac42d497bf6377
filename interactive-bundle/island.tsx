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
  const html = renderToString(islandElement(islandComponents[name], props), {
    identifierPrefix: islandIdentifierPrefix(propsId),
  });
  return (
    <>
      <div data-island={name} data-island-props={propsId} dangerouslySetInnerHTML={{ __html: html }} />
      <script type="application/json" id={propsId} dangerouslySetInnerHTML={{ __html: serializeIslandProps(props) }} />
    </>
  );
}
