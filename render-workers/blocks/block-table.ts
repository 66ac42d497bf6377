/**
 * The block table: how a render variant (standard, AMP, print) lays out each kind of body block.
 * A variant is one `BlockTable`, an object with exactly one renderer per `Block['kind']`, so a
 * block kind added to the view model, or a renderer deleted from one variant, fails to compile
 * (`block-table.test.ts` proves it with `@ts-expect-error`). A variant that shows nothing for a
 * kind says so with a renderer returning null (`nothing`), never by leaving the kind out.
 *
 * Renderers are plain functions of the block, called inside the variant's block component: they
 * return elements and call no hooks themselves (components they return may), so the rendered
 * tree, and with it every `useId`, is what a switch over the kinds would give.
 */
import type { ReactNode } from 'react';
import type { Block } from '../shared/view-model.js';

export type BlockKind = Block['kind'];

/** The member of `Block` with this kind. */
export type BlockOf<K extends BlockKind> = Extract<Block, { kind: K }>;

/** One variant's renderers; `Context` is what the variant passes beside the block (the standard page's deals and hero). */
export type BlockTable<Context = undefined> = { readonly [K in BlockKind]: (block: BlockOf<K>, context: Context) => ReactNode };

/** Renderers for a subset of the kinds, spread into every variant's table (the text blocks). */
export type PartialBlockTable<K extends BlockKind, Context = undefined> = { readonly [P in K]: (block: BlockOf<P>, context: Context) => ReactNode };

/** The renderer of a kind a variant leaves out of its markup. */
export const nothing = (): null => null;

/** Lays out one block with its variant's renderer. */
export function renderBlock<Context>(table: BlockTable<Context>, block: Block, context: Context): ReactNode {
  // The mapped type pairs each kind with the renderer of that kind's block; TypeScript cannot
  // follow the pairing through an index with a union key, so the lookup is widened here, once.
  const render = table[block.kind] as (block: Block, context: Context) => ReactNode;
  return render(block, context);
}
