/**
 * Site footer (spec 1 §2.3): legal links and the copyright line with the year and the market-data
 * attribution. Social links and the network bar arrive with the shell issue.
 */
import type { ShellModel } from '../view-model.js';

export function SiteFooter({ shell }: { shell: ShellModel }) {
  return (
    <footer className="site-footer">
      <div className="inner">
        {shell.legalLinks.length > 0 ? (
          <nav aria-label="Legal">
            <ul>
              {shell.legalLinks.map((link) => (
                <li key={link.url}>
                  <a href={link.url}>{link.name}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <p className="copyright">{copyrightLine(shell.year)}</p>
      </div>
    </footer>
  );
}

/** The copyright line with the year and the market-data attribution (spec 1 §2.3). */
export function copyrightLine(year: number): string {
  return (
    `This material may not be published, broadcast, rewritten, or redistributed. ©${year} FOX News Network, LLC. ` +
    'All rights reserved. Quotes displayed in real-time or delayed by at least 15 minutes. Market data provided by Factset.'
  );
}
