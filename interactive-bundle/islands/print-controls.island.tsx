/**
 * Print and Close on the print page (spec 1 §2.6 "Print page": "Print and Close controls show").
 * Print calls window.print(). Close closes the window when a script opened it (window.opener is
 * set; browsers only let scripts close windows they opened) and otherwise goes back to the
 * article.
 *
 * Progressive enhancement: Close is a link to the article, so it works without script; Print is a
 * button that only a live island can use, so the server renders it hidden and the browser shows
 * it once hydrated.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { isSiteId, type SiteId } from '../../core/isomorphic/sites.js';
import { uiText } from '../../core/isomorphic/ui-text.js';
import { IslandPropsError, type JsonObject } from '../island-props.js';

export const PRINT_CONTROL_TEXTS = { print: 'Print', close: 'Close' } as const;

export type PrintControlsProps = {
  /** The standard article page (site-relative or absolute http(s)): where Close goes. */
  articleUrl: string;
  /** The edition, whose language the labels are in (core/isomorphic/ui-text.ts). Default news. */
  site?: SiteId;
};

export function parsePrintControlsProps(props: JsonObject): PrintControlsProps {
  const { articleUrl, site } = props;
  if (site !== undefined && !isSiteId(site)) throw new IslandPropsError('PrintControls site must be a site id');
  if (typeof articleUrl !== 'string' || !/^(https?:\/\/|\/(?!\/))/i.test(articleUrl)) {
    throw new IslandPropsError('PrintControls needs an http(s) or site-relative articleUrl');
  }
  return site === undefined ? { articleUrl } : { articleUrl, site };
}

export function PrintControls({ articleUrl, site = 'news' }: PrintControlsProps) {
  const text = uiText(site);
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  const onClose = (event: MouseEvent<HTMLAnchorElement>) => {
    if (window.opener === null) return; // not opened by script: the link goes back to the article
    event.preventDefault();
    window.close();
  };

  return (
    <div className="print-controls">
      <button type="button" data-action="print" hidden={!live} onClick={() => window.print()}>
        {text.print}
      </button>
      <a className="button" href={articleUrl} data-action="close" onClick={onClose}>
        {text.close}
      </a>
    </div>
  );
}
