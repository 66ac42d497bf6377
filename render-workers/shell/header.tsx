/**
 * Site header (spec 1 §2.3): main menu with the spec's categories, a topic bar with the active
 * topic, a log-in link, a Watch TV button and the search toggle (an island).
 */
import { Island } from '../../interactive-bundle/island.js';
import type { ShellModel } from '../view-model.js';

export function SiteHeader({ shell }: { shell: ShellModel }) {
  const { menus, site } = shell;
  return (
    <header className="site-header">
      <div className="bar">
        <a className="logo" href="/" aria-label={`${site.name} home`}>
          {site.name}
        </a>
        <nav className="main-menu" aria-label="Main">
          <ul>
            {menus.header.map((item) => (
              <li key={item.url}>
                <a href={item.url} aria-current={item.url === shell.activeSectionUrl ? 'true' : undefined}>
                  {item.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-actions">
          <a className="watch-tv" href="/video">
            Watch TV
          </a>
          <a className="login" href="/account/login">
            Log In
          </a>
          <Island name="HeaderSearch" props={{ siteName: site.name }} />
        </div>
      </div>
      {menus.topics.length > 0 ? (
        <nav className="topic-bar" aria-label="Topics">
          <ul>
            {menus.topics.map((item) => (
              <li key={item.url}>
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
