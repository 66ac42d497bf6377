/**
 * The sample dataset's shape: upstream records as the contract (docs/upstream-contract.md) sends
 * them, typed with the schemas' input types so a record off the contract fails type checking.
 */
import type { z } from 'zod';
import type { categorySchema, FullArticleInput, layoutSchema, personSchema } from '../../../core/upstream/schemas.js';
import type { ShowInput } from '../../../core/upstream/show-client.js';

export type ArticleRecord = FullArticleInput;
export type CategoryRecord = z.input<typeof categorySchema>;
export type PersonRecord = z.input<typeof personSchema>;
/** A layout is found by its subtype and element id (spec 1 §7). */
export type LayoutRecord = z.input<typeof layoutSchema> & { subtype: string; elementId: string };

export interface Dataset {
  articles: ArticleRecord[];
  categories: CategoryRecord[];
  layouts: LayoutRecord[];
  people: PersonRecord[];
  /** Every show the shows call answers, drafts included (spec 2 §2). */
  shows: ShowInput[];
}
