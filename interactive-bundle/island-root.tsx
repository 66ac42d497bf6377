/**
 * What the server render and the client hydration share about an island's root, so the two trees
 * are the same by construction (docs/architecture.md "Islands"): the element both render, the identifier
 * prefix that keeps useId values equal on both sides, and the attribute names.
 * Isomorphic: the client entry imports it.
 */
import { createElement, useEffect, type ComponentType, type ReactElement, type ReactNode } from 'react';
import type { JsonObject } from './island-props.js';

/** `data-island`: the component name, a key of the island registry. */
export const ISLAND_NAME_ATTRIBUTE = 'data-island';
/** `data-island-props`: the id of the `<script type="application/json">` holding the props. */
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props';
/** `data-hydrated="true"`: set once the island is live; tests and ops wait for it. */
export const ISLAND_HYDRATED_ATTRIBUTE = 'data-hydrated';

/**
 * Each island is its own React root, so two islands on a page would otherwise produce the same
 * useId values; the props id is unique in the page, so it makes a unique prefix.
 */
export function islandIdentifierPrefix(propsId: string): string {
  return `${propsId}-`;
}

interface IslandFrameProps {
  /** Called after the island's first commit in the browser; effects never run on the server. */
  onHydrated?: () => void;
  children: ReactNode;
}

function IslandFrame({ onHydrated, children }: IslandFrameProps): ReactNode {
  useEffect(() => {
    onHydrated?.();
  }, [onHydrated]);
  return children;
}

/** The element an island root renders, on the server and in `hydrateRoot` alike. */
export function islandElement<P extends JsonObject>(
  component: ComponentType<P>,
  props: P,
  onHydrated?: () => void,
): ReactElement {
  return <IslandFrame onHydrated={onHydrated}>{createElement(component, props)}</IslandFrame>;
}
