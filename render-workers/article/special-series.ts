/**
 * Banners for special series above the standard article (spec 1 §2.6 "banners for special
 * series"). The article layout (subtype `article`, elementId fox-news/{category slug}) lists them
 * in its pre-content region as `special-series` components, `{ name, url, tags }`
 * (docs/upstream-contract.md §4.3): a banner shows on an article that carries one of its tag paths
 * (`fn__tags` paths or `tags`), so a series spans sections and stories without a field of its own.
 * A banner without tags, with an unsafe url or a blank name is logged and left out.
 */
import { z } from 'zod';
import type { Logger } from '../../core/logger.js';
import { describeIssues, type LayoutComponent } from '../../core/upstream/schemas.js';
import { toPlainText } from '../blocks/sanitize.js';
import { safeHref } from '../shared/links.js';
import type { Link } from '../shared/view-model.js';

export const SPECIAL_SERIES_COMPONENT = 'special-series';

export const specialSeriesModelSchema = z.looseObject({
  name: z.string().min(1),
  url: z.string().min(1),
  /** Tag paths ("fox-news/us/around-the-states"); the banner shows on articles carrying one. */
  tags: z.array(z.string().min(1)).min(1),
});

/** The banners of `components` (a layout's pre-content) that apply to an article with these tag paths, in layout order, each url once. */
export function specialSeriesBanners(components: readonly LayoutComponent[], articleTags: readonly string[], log: Logger): Link[] {
  const carried = new Set(articleTags);
  const banners: Link[] = [];
  for (const [index, component] of components.entries()) {
    if (component.type !== SPECIAL_SERIES_COMPONENT) continue;
    const parsed = specialSeriesModelSchema.safeParse(component.model);
    if (!parsed.success) {
      log.warn({ layoutComponent: { region: 'preContent', index, type: component.type } }, `Invalid special-series banner: ${describeIssues(parsed.error)}`);
      continue;
    }
    const url = safeHref(parsed.data.url);
    const name = toPlainText(parsed.data.name).trim();
    if (url === undefined || name === '') {
      log.warn({ layoutComponent: { region: 'preContent', index, type: component.type } }, 'Invalid special-series banner: unsafe url or blank name');
      continue;
    }
    if (!parsed.data.tags.some((tag) => carried.has(tag)) || banners.some((banner) => banner.url === url)) continue;
    banners.push({ name, url });
  }
  return banners;
}
