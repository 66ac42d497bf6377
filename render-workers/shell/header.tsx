/**
 * Site header (spec 1 §2.3): the network bar, the main menu with the spec's categories, the More
 * menu with expandable subsections, the mobile menu, a log-in link, a Watch TV button, the search
 * toggle (an island) and the topic bar with the active topic.
 *
 * The More and mobile menus are the Menus island (interactive-bundle/islands/menus.island.tsx):
 * server-rendered as `<details>`/`<summary>` disclosures, so they open without script, and
 * hydrated with aria-expanded/controls, Escape, outside click and one open at a time. Failed menus arrive empty (spec 1 §8) and
 * render nothing, never an empty landmark.
 */
import { renderToString } from 'react-dom/server';
import { menuAccentStyle } from '../../core/isomorphic/menu-accent.js';
import { fillText, uiText } from '../../core/isomorphic/ui-text.js';
import { Island } from '../../interactive-bundle/island.js';
import type { MenuItem, MenusProps } from '../../interactive-bundle/islands/menus.island.js';
import type { MenuEntry, ShellModel } from '../shared/view-model.js';
import { deriveShared } from '../shared/derived.js';
import { NetworkBar } from './network-bar.js';

/** Fixed header texts and targets (spec 1 §2.3), as the news edition words them; every edition's own are in core/isomorphic/ui-text.ts. */
export const HEADER_TEXTS = {
  watchTv: 'Watch TV',
  watchTvUrl: '/video',
  logIn: 'Log In',
  logInUrl: '/account/login',
  more: 'More',
  mobileMenu: 'Menu',
} as const;

/** Upstream colours were checked when the shell loaded (shared/shell.ts menuColor); shown as an accent bar. */
function colorStyle(entry: MenuEntry) {
  return menuAccentStyle(entry.color);
}

/** Desktop menus leave out the entries upstream flags as mobile-only (spec 1 §3 Menu item isMobile). */
function desktopEntries(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.filter((entry) => entry.isMobile !== true);
}

/** A menu's entries as the Menus island's props (JSON only: no undefined fields). */
export function menuItems(entries: readonly MenuEntry[]): MenuItem[] {
  return entries.map((entry) => ({
    name: entry.name,
    url: entry.url,
    ...(entry.color === undefined ? {} : { color: entry.color }),
    subsections: entry.subsections.map((sub) => ({ name: sub.name, url: sub.url })),
  }));
}

function menusProps(kind: MenusProps['kind'], label: string, summary: string, entries: readonly MenuEntry[], activeUrl: string | undefined): MenusProps {
  return { kind, label, summary, items: menuItems(entries), ...(activeUrl === undefined ? {} : { activeUrl }) };
}

/**
 * The header of one page. Its inner HTML is rendered once per edition, menus, marked section and
 * marked topic, and kept beside the menus (`headerHtml`): it is the same on every page of a
 * publish wave but for those marks, and its two menu islands are the costliest nested renders of
 * a page.
 */
export function SiteHeader({ shell }: { shell: ShellModel }) {
  return <header className="site-header" dangerouslySetInnerHTML={{ __html: headerHtml(shell) }} />;
}

/** What the header's inner HTML depends on, and nothing else (the key of `headerHtml`'s memo). */
interface HeaderInput {
  site: ShellModel['site'];
  menus: ShellModel['menus'];
  activeSectionUrl: string | undefined;
  /** The topic the topic bar marks: the page's path when one topic links to it, else none. */
  activeTopicUrl: string | undefined;
}

/**
 * useId prefix of the header's own root. Its islands' props ids (interactive-bundle/island.tsx)
 * start with it, so they never equal an id the page's root gives its islands.
 */
export const HEADER_ID_PREFIX = 'site-header-';

/**
 * The header's inner HTML. Menus that are frozen (derived once per kept upstream answers,
 * shared/derived.ts) never change, so the HTML rendered from them is derived beside them the same
 * way, keyed by what else it shows: the edition, the marked section (also the menu islands'
 * `activeUrl`) and the marked topic. Menus that are not frozen are rendered every time. The keys
 * per menus are bounded by the site's sections, and go with the menus at the next kept answer.
 */
export function headerHtml(shell: ShellModel): string {
  const { menus, site, activeSectionUrl } = shell;
  const activeTopicUrl = shell.activeTopicUrl !== undefined && menus.topics.some((item) => item.url === shell.activeTopicUrl) ? shell.activeTopicUrl : undefined;
  // JSON: an absent mark and an empty one are different keys (the menus' props tell them apart).
  const key = JSON.stringify(['site-header', site.id, activeSectionUrl ?? null, activeTopicUrl ?? null]);
  return deriveShared(menus, key, () => renderToString(<HeaderContent site={site} menus={menus} activeSectionUrl={activeSectionUrl} activeTopicUrl={activeTopicUrl} />, { identifierPrefix: HEADER_ID_PREFIX }));
}

function HeaderContent({ site, menus, activeSectionUrl, activeTopicUrl }: HeaderInput) {
  const header = desktopEntries(menus.header);
  const more = desktopEntries(menus.more);
  const text = uiText(site.id);
  return (
    <>
      <NetworkBar />
      <div className="bar">
        <a className="logo" href="/" aria-label={fillText(text.siteHome, { site: site.name })}>
          {site.wordmark ? (
            <>
              {site.wordmark.brand} <span className="logo-edition">{site.wordmark.edition}</span>
            </>
          ) : (
            site.name
          )}
        </a>
        {header.length > 0 ? (
          <nav className="main-menu" aria-label={text.mainMenu}>
            <ul>
              {header.map((item, index) => (
                <li key={`${index}:${item.url}`}>
                  <a href={item.url} style={colorStyle(item)} aria-current={item.url === activeSectionUrl ? 'true' : undefined}>
                    {item.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {more.length > 0 ? (
          <Island name="Menus" props={menusProps('more', text.more, text.more, more, activeSectionUrl)} />
        ) : null}
        <div className="header-actions">
          <a className="watch-tv" href={HEADER_TEXTS.watchTvUrl}>
            {text.watchTv}
          </a>
          <a className="login" href={HEADER_TEXTS.logInUrl}>
            {text.logIn}
          </a>
          <Island name="HeaderSearch" props={{ siteName: site.name, site: site.id }} />
        </div>
        {menus.mobile.length > 0 ? (
          <Island name="Menus" props={menusProps('mobile', text.mobileMenu, text.menu, menus.mobile, activeSectionUrl)} />
        ) : null}
      </div>
      {menus.topics.length > 0 ? (
        <nav className="topic-bar" aria-label={text.topics}>
          <ul>
            {menus.topics.map((item, index) => (
              <li key={`${index}:${item.url}`}>
                <a href={item.url} aria-current={item.url === activeTopicUrl ? 'page' : undefined}>
                  {item.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </>
  );
}
