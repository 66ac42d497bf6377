/**
 * The site footer (spec 1 §2.3): social links in the spec's order by the social URL rule, legal
 * links, and the copyright line with the render clock's year and the market-data attribution.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SITES } from '../../core/isomorphic/sites.js';
import type { ShellModel } from '../shared/view-model.js';
import { uiText } from '../../core/isomorphic/ui-text.js';
import { SiteFooter, copyrightLine } from './footer.js';

function shell(overrides: Partial<ShellModel> = {}): ShellModel {
  return {
    site: SITES.news,
    menus: { header: [], more: [], mobile: [], topics: [] },
    legalLinks: [
      { name: 'Privacy Policy', url: '/privacy-policy' },
      { name: 'Terms of Use', url: '/terms-of-use' },
    ],
    year: 2026,
    scripts: [],
    ...overrides,
  };
}

function render(model: ShellModel) {
  const html = renderToString(<SiteFooter shell={model} />);
  const root = parseDocument(html).children;
  const nav = (label: string): Element | undefined => DomUtils.findAll((el) => el.name === 'nav' && el.attribs['aria-label'] === label, root)[0];
  const links = (el: Element | undefined) =>
    el ? DomUtils.findAll((node) => node.name === 'a', [el]).map((a) => [DomUtils.textContent(a), a.attribs.href ?? '']) : [];
  return { html: html.replaceAll('<!-- -->', ''), root, nav, links };
}

describe('social links (spec 1 §2.3)', () => {
  it('are Facebook, Twitter, Instagram, RSS, Newsletters, in order, with the rule’s URLs', () => {
    const { nav, links } = render(shell());
    expect(links(nav('Follow us'))).toEqual([
      ['Facebook', 'https://www.facebook.com/FoxNews'],
      ['Twitter', 'https://twitter.com/FoxNews'],
      ['Instagram', 'https://www.instagram.com/foxnews'],
      ['RSS', '/rss/us.xml'],
      ['Newsletters', '/newsletters'],
    ]);
  });

  it('show on the Spanish edition too, its newsletters page named in Spanish', () => {
    const { nav, links } = render(shell({ site: SITES.es }));
    expect(links(nav(uiText('es').followUs)).map(([label]) => label)).toEqual(['Facebook', 'Twitter', 'Instagram', 'RSS', 'Boletines']);
  });
});

describe('legal links', () => {
  it('are listed in a navigation landmark labelled Legal', () => {
    const { nav, links } = render(shell());
    expect(links(nav('Legal'))).toEqual([
      ['Privacy Policy', '/privacy-policy'],
      ['Terms of Use', '/terms-of-use'],
    ]);
  });

  it('leave no empty landmark when they failed to load (spec 1 §8), and the footer stays', () => {
    const { nav, html } = render(shell({ legalLinks: [] }));
    expect(nav('Legal')).toBeUndefined();
    expect(nav('Follow us')).toBeDefined();
    expect(html).toContain('©2026 FOX News Network, LLC.');
  });
});

describe('copyright line (spec 1 §2.3)', () => {
  it('carries the year it is given and the market-data attribution', () => {
    const { html } = render(shell({ year: 2031 }));
    expect(html).toContain(
      '<p class="copyright">This material may not be published, broadcast, rewritten, or redistributed. ©2031 FOX News Network, LLC. ' +
        'All rights reserved. Quotes displayed in real-time or delayed by at least 15 minutes. Market data provided by Factset.</p>',
    );
    expect(copyrightLine(2026)).toContain('©2026 FOX News Network, LLC.');
    expect(copyrightLine(2026)).toContain('Market data provided by Factset.');
  });
});
