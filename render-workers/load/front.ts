/**
 * Layout regions -> front view (home and section fronts, spec 1 §2.4). `article-list` components
 * are filled by article search; other component types arrive with the fronts issue and are
 * skipped here with a debug log.
 */
import type { Logger } from '../../core/logger.js';
import type { UpstreamClient } from '../../core/upstream/client.js';
import { articleListModelSchema, describeIssues, type ArticleSummary, type Layout } from '../../core/upstream/schemas.js';
import { toPlainText } from '../blocks/sanitize.js';
import type { ArticleListItem, ListSection } from '../view-model.js';

export async function loadListSections(client: UpstreamClient, layout: Layout | null, log: Logger): Promise<ListSection[]> {
  const components = layout?.main ?? [];
  const sections = await Promise.all(
    components.map(async (component, index): Promise<ListSection | null> => {
      if (component.type !== 'article-list') {
        log.debug({ component: { index, type: component.type } }, 'layout component not rendered yet');
        return null;
      }
      const parsed = articleListModelSchema.safeParse(component.model);
      if (!parsed.success) {
        log.warn({ component: { index, type: component.type } }, `Invalid article-list model: ${describeIssues(parsed.error)}`);
        return null;
      }
      const model = parsed.data;
      const items = await client.searchArticles({
        ...(model.category === undefined ? {} : { category: model.category }),
        size: model.size,
        from: model.from,
      });
      return { ...(model.title ? { title: model.title } : {}), items: items.map(toListItem) };
    }),
  );
  return sections.filter((s): s is ListSection => s !== null);
}

function toListItem(item: ArticleSummary): ArticleListItem {
  return {
    title: toPlainText(item.title),
    url: item.url,
    ...(item.imageUrl ? { imageUrl: item.imageUrl } : {}),
    ...(item.description ? { description: toPlainText(item.description) } : {}),
    ...(item.category ? { category: { name: item.category.name, url: item.category.url } } : {}),
    ...(item.publicationDate ? { publicationDate: item.publicationDate } : {}),
  };
}
