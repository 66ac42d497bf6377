/**
 * The block table's promise: every variant has a renderer for every block kind, and leaving one
 * out is a compile error. The `@ts-expect-error` lines are checked by `tsc` (npm run typecheck):
 * if a table with a kind removed ever type-checked, the directive would be unused and fail the
 * build. The runtime checks keep the three tables' kinds in step with each other.
 */
import { describe, expect, it } from 'vitest';
import type { BlockKind, BlockOf, BlockTable } from './block-table.js';
import { AMP_BLOCKS } from './blocks.amp.js';
import { PRINT_BLOCKS } from './blocks.print.js';
import { STANDARD_BLOCKS } from './blocks.js';

/** A table with one kind taken out, typed as what is left. */
function without<T extends object, K extends keyof T>(table: T, kind: K): Omit<T, K> {
  const rest: Partial<T> = { ...table };
  delete rest[kind];
  return rest as Omit<T, K>;
}

describe('block table', () => {
  it('a variant without one kind does not compile', () => {
    // @ts-expect-error print without its weather-list renderer (with switches, a deleted case passed tsc; ADR 0033)
    const print: BlockTable = without(PRINT_BLOCKS, 'weather-list');
    // @ts-expect-error AMP without its slider renderer
    const amp: BlockTable = without(AMP_BLOCKS, 'slider');
    // @ts-expect-error standard without its ad renderer
    const standard: BlockTable<Parameters<(typeof STANDARD_BLOCKS)['ad']>[1]> = without(STANDARD_BLOCKS, 'ad');
    // @ts-expect-error a text kind missing from every variant
    const text: BlockTable = without(PRINT_BLOCKS, 'paragraph');
    const all = Object.keys(STANDARD_BLOCKS).length;
    expect([print, amp, standard, text].map((table) => Object.keys(table).length)).toEqual([all - 1, all - 1, all - 1, all - 1]);
  });

  it('a renderer gets its own kind of block, not another', () => {
    const wrongBlock: BlockTable = {
      ...PRINT_BLOCKS,
      // @ts-expect-error the pdf renderer must take a pdf block, not a slider
      pdf: (block: BlockOf<'slider'>) => block.items.length,
    };
    expect(Object.keys(wrongBlock)).toHaveLength(Object.keys(PRINT_BLOCKS).length);
  });

  it('the standard, AMP and print tables name the same kinds', () => {
    const kinds = (table: object) => Object.keys(table).sort() as BlockKind[];
    expect(kinds(STANDARD_BLOCKS).length).toBeGreaterThan(20);
    expect(kinds(AMP_BLOCKS)).toEqual(kinds(STANDARD_BLOCKS));
    expect(kinds(PRINT_BLOCKS)).toEqual(kinds(STANDARD_BLOCKS));
  });
});
