/**
 * The sample upstream's starter dataset. `createDataset()` returns a fresh deep copy, so a server
 * whose content a test changed can be reset (POST /__sample/reset) without touching other servers.
 */
import { ARTICLES } from './articles.js';
import { CATEGORIES } from './categories.js';
import { COMMERCE_ARTICLES } from './commerce-articles.js';
import { FEATURE_ARTICLES } from './feature-articles.js';
import { LAYOUTS } from './layouts.js';
import { PEOPLE } from './people.js';
import { RULE_ARTICLES } from './rule-articles.js';
import { SHOWS } from './shows.js';
import { SLIDESHOWS } from './slideshows.js';
import type { Dataset } from './types.js';

export type { ArticleRecord, CategoryRecord, Dataset, LayoutRecord, PersonRecord } from './types.js';

export function createDataset(): Dataset {
  return structuredClone({ articles: [...ARTICLES, ...FEATURE_ARTICLES, ...SLIDESHOWS, ...COMMERCE_ARTICLES, ...RULE_ARTICLES], categories: CATEGORIES, layouts: LAYOUTS, people: PEOPLE, shows: SHOWS });
}
