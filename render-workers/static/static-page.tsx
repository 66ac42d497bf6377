/**
 * The static-page layout (spec 1 §2.5): a heading and the page's components rendered as body
 * blocks, inside the shared document shell with the per-path header and footer rules (§2.3).
 * The cookie demo form and the "On Air Personalities" heading are part of their pages' shells.
 */
import { BodyBlocks } from '../blocks/blocks.js';
import { Region } from '../shared/front-components.js';
import type { FrontComponent } from '../shared/front-view-model.js';
import { Document } from '../shell/document.js';
import type { Block, HeadModel, ShellModel } from '../shared/view-model.js';

/** Spec 1 §2.3: the cookie demo page's fields and button; expiration defaults to 90 days. */
export const COOKIE_DEMO = {
  nameLabel: 'Cookie name',
  valueLabel: 'Cookie value',
  expirationLabel: 'Expiration in days',
  defaultExpirationDays: 90,
  button: 'set cookie',
} as const;

/** Spec 1 §2.3: the page shell's heading. */
export const PERSONALITIES_HEADING = 'On Air Personalities';

export interface StaticPageView {
  heading: string;
  blocks: Block[];
  /** Front components from the page's `static` layout, below the text (contact form, TV guide). */
  components: FrontComponent[];
  /** Built-in part of a special page's shell: the cookie demo form (spec 1 §2.3). */
  extra?: 'cookie-demo';
}

export interface StaticPageProps {
  head: HeadModel;
  shell: ShellModel;
  view: StaticPageView;
  bodyClass: string;
  hideHeader: boolean;
  hideFooter: boolean;
  /** Stylesheet URLs from the page record, already checked (render-workers/shared/links.ts). */
  stylesheets: string[];
}

export function StaticPage({ head, shell, view, bodyClass, hideHeader, hideFooter, stylesheets }: StaticPageProps) {
  const extraHead =
    stylesheets.length > 0 ? (
      <>
        {stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </>
    ) : undefined;
  return (
    <Document head={head} shell={shell} bodyClass={bodyClass} hideHeader={hideHeader} hideFooter={hideFooter} extraHead={extraHead}>
      <article className="static-page">
        <h1>{view.heading}</h1>
        <BodyBlocks blocks={view.blocks} />
        {view.components.length > 0 ? <Region name="main" components={view.components} /> : null}
        {view.extra === 'cookie-demo' ? <CookieDemoForm /> : null}
      </article>
    </Document>
  );
}

/**
 * A plain form: it does nothing without the island that later sets the cookie in the browser
 * (spec 1 §2.3 names the fields, not the behaviour). Submitting it only reloads this page.
 */
export function CookieDemoForm() {
  return (
    <form className="cookie-demo" aria-label="Cookie demo">
      <p>
        <label htmlFor="cookie-name">{COOKIE_DEMO.nameLabel}</label>
        <input id="cookie-name" name="cookieName" type="text" required />
      </p>
      <p>
        <label htmlFor="cookie-value">{COOKIE_DEMO.valueLabel}</label>
        <input id="cookie-value" name="cookieValue" type="text" />
      </p>
      <p>
        <label htmlFor="cookie-expiration">{COOKIE_DEMO.expirationLabel}</label>
        <input id="cookie-expiration" name="expirationDays" type="number" min={0} step={1} defaultValue={COOKIE_DEMO.defaultExpirationDays} />
      </p>
      <button type="submit">{COOKIE_DEMO.button}</button>
    </form>
  );
}
