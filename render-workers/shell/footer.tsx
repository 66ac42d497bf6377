/**
 * Site footer (spec 1 §2.3): social links (Facebook, Twitter, Instagram, RSS, Newsletters, by the
 * social URL rule in core/isomorphic/social.ts), legal links, and the copyright line with the year
 * and the market-data attribution. Failed legal links arrive empty (spec 1 §8) and render nothing.
 */
import type { SiteId } from '../../core/isomorphic/sites.js';
import { socialLinks } from '../../core/isomorphic/social.js';
import { fillText, uiText } from '../../core/isomorphic/ui-text.js';
import type { ShellModel } from '../shared/view-model.js';

export function SiteFooter({ shell }: { shell: ShellModel }) {
  const social = socialLinks(shell.site.id);
  const text = uiText(shell.site.id);
  return (
    <footer className="site-footer">
      <div className="inner">
        {social.length > 0 ? (
          <nav className="social-links" aria-label={text.followUs}>
            <ul>
              {social.map((link) => (
                <li key={link.network} className={`social-${link.network}`}>
                  <a href={link.url}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {shell.legalLinks.length > 0 ? (
          <nav className="legal-links" aria-label={text.legal}>
            <ul>
              {shell.legalLinks.map((link, index) => (
                <li key={`${index}:${link.url}`}>
                  <a href={link.url}>{link.name}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <p className="copyright">{copyrightLine(shell.year, shell.site.id)}</p>
      </div>
    </footer>
  );
}

/** The copyright line with the year and the market-data attribution (spec 1 §2.3). */
export function copyrightLine(year: number, site: SiteId = 'news'): string {
  return fillText(uiText(site).copyright, { year });
}
