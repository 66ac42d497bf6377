/**
 * The lists beside an article (its layout's right rail and post-content regions, spec 1
 * §2.6): `article-list` components are filled by article search; other component types are not
 * shown beside an article and are skipped here with a debug log. Section fronts are built by
 * render-workers/fronts/.
 */
import type { Logger } from '../../core/logger.js';
import type { UpstreamClient } from '../../core/upstream/client.js';
import { parseShared } from '../../core/upstream/read-reuse.js';
import { articleListModelSchema, describeIssues, type ArticleSummary, type LayoutComponent } from '../../core/upstream/schemas.js';
import { toPlainText } from '../blocks/sanitize.js';
import type { ArticleListItem, ListSection } from './view-model.js';
import { deriveShared } from './derived.js';
import { safeHref } from './links.js';

/** What an article's side list reads beyond its size: the article itself, and the stories of the lists above it. */
export const SIDE_LIST_SPARES = 11;

export async function loadListSections(client: UpstreamClient, components: readonly LayoutComponent[], log: Logger): Promise<ListSection[]> {
  const sections = await Promise.all(
    components.map(async (component, index): Promise<ListSection | null> => {
      if (component.type !== 'article-list') {
        log.debug({ layoutComponent: { index, type: component.type } }, 'layout component not rendered yet');
        return null;
      }
      // Once per kept layout (core/upstream/read-reuse.ts): every article of the section reads the same one.
      const parsed = parseShared(component.model, articleListModelSchema);
      if (!parsed.success) {
        log.warn({ layoutComponent: { index, type: component.type } }, `Invalid article-list model: ${describeIssues(parsed.error)}`);
        return null;
      }
      const model = parsed.data;
      // Spares: the lists are shared by every article of a section, and each article leaves out
      // itself and the stories a list above already shows (render-article.ts articleSideLists),
      // still showing `size` stories where upstream has them.
      const items = await client.searchArticles({
        ...(model.category === undefined ? {} : { category: model.category }),
        size: model.size + SIDE_LIST_SPARES,
        from: model.from,
      });
      return { ...(model.title ? { title: model.title } : {}), items: items.flatMap(listItemOf), size: model.size };
    }),
  );
  return sections.filter((s): s is ListSection => s !== null);
}

/**
 * A listed story's card, built once per kept summary (shared/derived.ts): the side lists of every
 * article of a section list the same stories, and the cards, shared and frozen, also let the
 * last good copy of a list be recognised without serialising it (core/last-good.ts). None when
 * its link is unsafe (dropped, as safeLinks drops it).
 */
function listItemOf(item: ArticleSummary): ArticleListItem[] {
  const card = deriveShared(item, 'article-list-item', () => {
    const url = safeHref(item.url);
    return url === undefined ? null : toListItem({ ...item, url });
  });
  return card === null ? [] : [card];
}

function toListItem(item: ArticleSummary): ArticleListItem {
  return {
    title: toPlainText(item.title),
    url: item.url,
    ...(safeHref(item.imageUrl) ? { imageUrl: safeHref(item.imageUrl) ?? '' } : {}),
    ...(item.description ? { description: toPlainText(item.description) } : {}),
    ...(item.category && safeHref(item.category.url) ? { category: { name: item.category.name, url: safeHref(item.category.url) ?? '' } } : {}),
    ...(item.publicationDate ? { publicationDate: item.publicationDate } : {}),
  };
}
