/**
 * Site header (spec 1 §2.3): the network bar, the main menu with the spec's categories, the More
 * menu with expandable subsections, the mobile menu, a log-in link, a Watch TV button, the search
 * toggle (an island) and the topic bar with the active topic.
 *
 * Expandable entries are `<details>`/`<summary>` disclosures, so the More and mobile menus open
 * without script; an island may enhance them later. Failed menus arrive empty (spec 1 §8) and
 * render nothing, never an empty landmark.
 */
import { Island } from '../../interactive-bundle/island.js';
import type { MenuEntry, ShellModel } from '../view-model.js';
import { NetworkBar } from './network-bar.js';

/** Fixed header texts and targets (spec 1 §2.3). */
export const HEADER_TEXTS = {
  watchTv: 'Watch TV',
  watchTvUrl: '/video',
  logIn: 'Log In',
  logInUrl: '/account/login',
  more: 'More',
  mobileMenu: 'Menu',
} as const;

/** Upstream colours were checked when the shell loaded (load/shell.ts menuColor). */
function colorStyle(entry: MenuEntry) {
  return entry.color === undefined ? undefined : { color: entry.color };
}

/** Desktop menus leave out the entries upstream flags as mobile-only (spec 1 §3 Menu item isMobile). */
function desktopEntries(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.filter((entry) => entry.isMobile !== true);
}

/** One menu level: a plain link, or a disclosure holding the entry's own link and its subsections. */
function MenuList({ entries, activeUrl }: { entries: readonly MenuEntry[]; activeUrl: string | undefined }) {
  return (
    <ul>
      {entries.map((entry, index) => (
        <li key={`${index}:${entry.url}`}>
          {entry.subsections.length === 0 ? (
            <a href={entry.url} style={colorStyle(entry)} aria-current={entry.url === activeUrl ? 'true' : undefined}>
              {entry.name}
            </a>
          ) : (
            <details>
              <summary style={colorStyle(entry)}>{entry.name}</summary>
              <ul>
                <li>
                  <a href={entry.url} aria-current={entry.url === activeUrl ? 'true' : undefined}>
                    {entry.name}
                  </a>
                </li>
                {entry.subsections.map((sub, subIndex) => (
                  <li key={`${subIndex}:${sub.url}`}>
                    <a href={sub.url}>{sub.name}</a>
                  </li>
                ))}
              </ul>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}

export function SiteHeader({ shell }: { shell: ShellModel }) {
  const { menus, site } = shell;
  const header = desktopEntries(menus.header);
  const more = desktopEntries(menus.more);
  return (
    <header className="site-header">
      <NetworkBar />
      <div className="bar">
        <a className="logo" href="/" aria-label={`${site.name} home`}>
          {site.name}
        </a>
        {header.length > 0 ? (
          <nav className="main-menu" aria-label="Main">
            <ul>
              {header.map((item, index) => (
                <li key={`${index}:${item.url}`}>
                  <a href={item.url} style={colorStyle(item)} aria-current={item.url === shell.activeSectionUrl ? 'true' : undefined}>
                    {item.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {more.length > 0 ? (
          <nav className="more-menu" aria-label={HEADER_TEXTS.more}>
            <details>
              <summary>{HEADER_TEXTS.more}</summary>
              <MenuList entries={more} activeUrl={shell.activeSectionUrl} />
            </details>
          </nav>
        ) : null}
        <div className="header-actions">
          <a className="watch-tv" href={HEADER_TEXTS.watchTvUrl}>
            {HEADER_TEXTS.watchTv}
          </a>
          <a className="login" href={HEADER_TEXTS.logInUrl}>
            {HEADER_TEXTS.logIn}
          </a>
          <Island name="HeaderSearch" props={{ siteName: site.name }} />
        </div>
        {menus.mobile.length > 0 ? (
          <nav className="mobile-menu" aria-label="Mobile">
            <details>
              <summary>{HEADER_TEXTS.mobileMenu}</summary>
              <MenuList entries={menus.mobile} activeUrl={shell.activeSectionUrl} />
            </details>
          </nav>
        ) : null}
      </div>
      {menus.topics.length > 0 ? (
        <nav className="topic-bar" aria-label="Topics">
          <ul>
            {menus.topics.map((item, index) => (
              <li key={`${index}:${item.url}`}>
                <a href={item.url} aria-current={item.url === shell.activeTopicUrl ? 'page' : undefined}>
                  {item.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
