/**
 * Home and section fronts (spec 1 §2.4): a heading and article lists. Regions, sponsored headings
 * and load-more arrive with the fronts issue.
 */
import type { ReactNode } from 'react';
import { Document } from '../shell/document.js';
import { formatArticleDate } from '../../core/isomorphic/dates.js';
import type { FrontView, PageModel } from '../view-model.js';

export function FrontPage({ model, bodyClass, isHome }: { model: PageModel<FrontView>; bodyClass: string; isHome: boolean }) {
  const { view } = model;
  return (
    <Document head={model.head} shell={model.shell} bodyClass={bodyClass}>
      <div className="front">
        {/* The home page's h1 names the site; a section front's names the section. */}
        <h1 className={isHome ? 'visually-hidden' : undefined}>{view.heading}</h1>
        {view.description && !isHome ? <p className="front-description">{view.description}</p> : null}
        {view.sections.map((section, s) => (
          <section key={s} aria-label={section.title ?? view.heading}>
            {section.title ? <h2>{section.title}</h2> : null}
            {section.items.length === 0 ? (
              <p className="empty">No stories yet.</p>
            ) : (
              <ul className="article-list">
                {section.items.map((item) => (
                  <li key={item.url}>
                    {item.category ? <span className="kicker">{item.category.name}</span> : null}
                    {/* Item headings sit one level below their section's (h2 when it has no title). */}
                    <ItemHeading level={section.title ? 3 : 2}>
                      <a href={item.url}>{item.title}</a>
                    </ItemHeading>
                    {item.description ? <p>{item.description}</p> : null}
                    {item.publicationDate ? (
                      <time dateTime={item.publicationDate}>{formatArticleDate(item.publicationDate)}</time>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </Document>
  );
}

function ItemHeading({ level, children }: { level: 2 | 3; children: ReactNode }) {
  return level === 2 ? <h2 className="item-title">{children}</h2> : <h3 className="item-title">{children}</h3>;
}
