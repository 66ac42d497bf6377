/**
 * The AMP article page (spec 1 §2.6 "AMP page"): header with a sidebar navigation, article header,
 * body blocks with AMP ads (spec 1 §9 AMP), a conversation placeholder, footer, analytics tags and
 * geo-consent for the EU. Valid AMP means no author script at all: the sidebar and the consent
 * prompt work through AMP actions (`on="tap:..."`), which the runtime handles.
 */
import { createElement, Fragment, type ReactNode } from 'react';
import { formatArticleDate } from '../../../core/isomorphic/dates.js';
import { uiText, type UiText } from '../../../core/isomorphic/ui-text.js';
import { AmpBodyBlocks, ampExtensionsFor } from '../../blocks/blocks.amp.js';
import type { Block } from '../../blocks/types.js';
import { renderAmpDocument, serializeJsonForScript } from '../../shell/amp-document.js';
import { AMP_CSS } from '../../shell/amp-styles.js';
import { copyrightLine } from '../../shell/footer.js';
import type { AmpAdSettings, AmpAnalyticsTag, AmpArticleProps, VariantLink } from './variant-props.js';

/** AMP ad rules (spec 1 §9 "AMP"). */
export const AMP_ADS = {
  /** An ad after every 3rd paragraph... */
  everyParagraphs: 3,
  /** ...at most 20 of them: banners ban1 to ban20. */
  max: 20,
  bannerPrefix: 'ban',
  adhesionUnit: 'adh',
  refreshSeconds: 30,
  rtcTimeoutMs: 1000,
  banner: { width: 300, height: 250 },
  adhesion: { width: 320, height: 50 },
} as const;

/** The EU member states (ISO 3166-1 alpha-2, lower case as amp-geo reports them): the consent group. */
export const EU_COUNTRY_CODES = [
  'at', 'be', 'bg', 'hr', 'cy', 'cz', 'dk', 'ee', 'fi', 'fr', 'de', 'gr', 'hu', 'ie',
  'it', 'lv', 'lt', 'lu', 'mt', 'nl', 'pl', 'pt', 'ro', 'sk', 'si', 'es', 'se',
] as const;

/** Extensions the page chrome always uses; the blocks add theirs (ampExtensionsFor). */
export const AMP_PAGE_EXTENSIONS = ['amp-sidebar', 'amp-analytics', 'amp-geo', 'amp-consent', 'amp-ad', 'amp-sticky-ad'] as const;

const SIDEBAR_ID = 'site-sidebar';
const CONSENT_ID = 'site-consent';
const CONSENT_UI_ID = 'consent-ui';

/**
 * The paragraph counts after which an AMP ad goes (spec 1 §9: after every 3rd paragraph, max 20):
 * 10 paragraphs -> [3, 6, 9]; 100 paragraphs -> [3, 6, ..., 60].
 */
export function ampAdPositions(paragraphCount: number): number[] {
  const count = Math.min(Math.floor(Math.max(0, paragraphCount) / AMP_ADS.everyParagraphs), AMP_ADS.max);
  return Array.from({ length: count }, (_, i) => (i + 1) * AMP_ADS.everyParagraphs);
}

/** The complete AMP document for an article. */
export function renderAmpArticlePage(props: AmpArticleProps): string {
  // The standard layouts' ad blocks do not apply: AMP has its own pattern (spec 1 §9).
  const blocks = props.blocks.filter((block) => block.kind !== 'ad');
  return renderAmpDocument({
    lang: props.site.lang,
    title: props.title,
    description: props.description,
    canonicalUrl: props.canonicalUrl,
    robots: props.robots,
    extensions: [...AMP_PAGE_EXTENSIONS, ...ampExtensionsFor(blocks)],
    css: AMP_CSS,
    ...(props.structuredData === undefined ? {} : { structuredData: props.structuredData }),
    bodyClass: 'page-article-amp',
    body: <AmpArticleBody {...props} blocks={blocks} />,
  });
}

/** The body's children; amp-sidebar, amp-consent and amp-sticky-ad must be children of `<body>`. */
export function AmpArticleBody(props: AmpArticleProps) {
  const origin = new URL(props.canonicalUrl).origin;
  const text = uiText(props.site.id ?? 'news');
  const notice = props.site.translationNotice;
  return (
    <>
      {notice ? (
        // Every page of the Spanish edition, AMP included (spec 1 §1).
        <p className="translation-notice" role="note">
          {notice.text} <a href={absolute(notice.href, origin)}>{notice.linkText}</a>
        </p>
      ) : null}
      <header className="amp-header">
        <button type="button" className="menu-button" aria-label={text.openMenu} {...ampAction(`tap:${SIDEBAR_ID}.toggle`)}>
          {text.menu}
        </button>
        <a className="logo" href={`${origin}/`}>
          {props.site.name}
        </a>
      </header>
      {ampElement(
        'amp-sidebar',
        { id: SIDEBAR_ID, layout: 'nodisplay', side: 'left', className: 'amp-sidebar' },
        <button type="button" className="close" aria-label={text.closeMenu} {...ampAction(`tap:${SIDEBAR_ID}.close`)}>
          ×
        </button>,
        <nav aria-label={text.mainMenu}>
          <ul>
            {props.menu.map((item) => (
              <li key={item.url}>
                <a href={absolute(item.url, origin)}>{item.name}</a>
                {item.subsections.length > 0 ? (
                  <ul className="subsections">
                    {item.subsections.map((sub) => (
                      <li key={sub.url}>
                        <a href={absolute(sub.url, origin)}>{sub.name}</a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </nav>,
      )}
      <main id="main-content">
        <article className="amp-article">
          <AmpArticleHeader {...props} origin={origin} text={text} />
          <div className="article-body">
            <BodyWithAds blocks={props.blocks} ads={props.ads} label={text.advertisement} />
          </div>
          {props.comments ? (
            // The site has no comments provider yet, so the section says so, as the standard page's
            // does. Once there is one, this links to the standard page's conversation: its embed
            // needs a script AMP does not allow.
            <section className="amp-comments" id="comments" aria-label={text.comments}>
              <h2>{text.comments}</h2>
              <p>{text.commentsUnavailable}</p>
            </section>
          ) : null}
        </article>
      </main>
      <footer className="amp-footer">
        {props.legalLinks.length > 0 ? (
          <nav aria-label={text.legal}>
            <ul>
              {props.legalLinks.map((link) => (
                <li key={link.url}>
                  <a href={absolute(link.url, origin)}>{link.name}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <p className="copyright">{copyrightLine(props.year, props.site.id ?? 'news')}</p>
      </footer>
      {props.analytics.map((tag, i) => (
        <AmpAnalytics key={i} tag={tag} />
      ))}
      <AmpGeoConsent text={text} />
      {/* amp-sticky-ad takes exactly one amp-ad child: no wrapper, no label. */}
      {ampElement('amp-sticky-ad', { layout: 'nodisplay' }, <AmpAd unit={AMP_ADS.adhesionUnit} size={AMP_ADS.adhesion} settings={props.ads} />)}
    </>
  );
}

function AmpArticleHeader(props: AmpArticleProps & { origin: string; text: UiText }) {
  const { text } = props;
  const lang = props.site.lang;
  return (
    <header>
      {props.category ? (
        <p className="eyebrow">
          <a href={absolute(props.category.url, props.origin)}>{props.category.name}</a>
        </p>
      ) : null}
      <h1 className="headline">{props.headline}</h1>
      {props.subHeadline ? <p className="dek">{props.subHeadline}</p> : null}
      {props.authors.length > 0 ? (
        <p className="byline">
          {`${text.by} `}
          <LinkList links={props.authors} origin={props.origin} and={text.and} />
          {props.source ? <span className="source"> | {props.source.name}</span> : null}
        </p>
      ) : null}
      <p className="dates">
        {props.publishedAt === null ? (
          text.draft
        ) : (
          <>
            {`${text.published} `}
            <time dateTime={props.publishedAt}>{formatArticleDate(props.publishedAt, lang)}</time>
          </>
        )}
        {props.updatedAt && props.updatedAt !== props.publishedAt ? (
          <>
            {` | ${text.updated} `}
            <time dateTime={props.updatedAt}>{formatArticleDate(props.updatedAt, lang)}</time>
          </>
        ) : null}
      </p>
    </header>
  );
}

function LinkList({ links, origin, and }: { links: VariantLink[]; origin: string; and: string }) {
  return (
    <>
      {links.map((link, i) => (
        <Fragment key={`${i}-${link.name}`}>
          {i > 0 ? (i === links.length - 1 ? ` ${and} ` : ', ') : null}
          {link.url ? <a href={absolute(link.url, origin)}>{link.name}</a> : link.name}
        </Fragment>
      ))}
    </>
  );
}

/** Body blocks in runs, with banner ban{n} after the paragraphs ampAdPositions names. */
function BodyWithAds({ blocks, ads, label }: { blocks: Block[]; ads: AmpAdSettings; label: string }) {
  const positions = new Set(ampAdPositions(blocks.filter((b) => b.kind === 'paragraph').length));
  const parts: ReactNode[] = [];
  let run: Block[] = [];
  let paragraphs = 0;
  let banner = 0;
  blocks.forEach((block, index) => {
    run.push(block);
    if (block.kind !== 'paragraph') return;
    paragraphs += 1;
    if (!positions.has(paragraphs)) return;
    banner += 1;
    parts.push(<AmpBodyBlocks key={`run-${index}`} blocks={run} />);
    parts.push(<AmpAdUnit key={`ad-${banner}`} unit={`${AMP_ADS.bannerPrefix}${banner}`} size={AMP_ADS.banner} settings={ads} label={label} />);
    run = [];
  });
  if (run.length > 0) parts.push(<AmpBodyBlocks key="run-last" blocks={run} />);
  return <>{parts}</>;
}

type AmpAdProps = { unit: string; size: { width: number; height: number }; settings: AmpAdSettings };

function AmpAdUnit(props: AmpAdProps & { label: string }) {
  return (
    <div className="amp-ad" data-ad-unit={props.unit}>
      <span className="ad-label">{props.label}</span>
      <AmpAd {...props} />
    </div>
  );
}

function AmpAd({ unit, size, settings }: AmpAdProps) {
  return ampElement('amp-ad', {
    width: String(size.width),
    height: String(size.height),
    layout: 'fixed',
    type: 'doubleclick',
    'data-slot': settings.slotPath,
    // Spec 1 §9 AMP: refresh every 30 seconds; real-time config waits at most 1000 ms.
    'data-enable-refresh': String(AMP_ADS.refreshSeconds),
    'rtc-config': JSON.stringify({ urls: settings.rtcUrls, timeoutMillis: AMP_ADS.rtcTimeoutMs }),
    json: JSON.stringify({ targeting: { pos: unit } }),
    // Ads wait for the EU consent prompt (spec 1 §2.6 geo-consent).
    'data-block-on-consent': '',
  });
}

function AmpAnalytics({ tag }: { tag: AmpAnalyticsTag }) {
  return ampElement(
    'amp-analytics',
    { ...(tag.type === undefined ? {} : { type: tag.type }), 'data-block-on-consent': '' },
    <JsonScript value={tag.config} />,
  );
}

/** amp-geo names the EU group; amp-consent prompts only there (spec 1 §2.6 "geo-consent for an EU country list"). */
function AmpGeoConsent({ text }: { text: UiText }) {
  return (
    <>
      {ampElement('amp-geo', { layout: 'nodisplay' }, <JsonScript value={{ ISOCountryGroups: { eu: [...EU_COUNTRY_CODES] } }} />)}
      {ampElement(
        'amp-consent',
        { id: CONSENT_ID, layout: 'nodisplay' },
        <JsonScript
          value={{
            consentInstanceId: CONSENT_ID,
            consentRequired: false,
            geoOverride: { eu: { consentRequired: true } },
            promptUI: CONSENT_UI_ID,
          }}
        />,
        <div id={CONSENT_UI_ID} className="consent-ui">
          <p>{text.ampConsent}</p>
          <button type="button" className="accept" {...ampAction(`tap:${CONSENT_ID}.accept`)}>
            {text.ampConsentAccept}
          </button>
          <button type="button" className="reject" {...ampAction(`tap:${CONSENT_ID}.reject`)}>
            {text.ampConsentReject}
          </button>
        </div>,
      )}
    </>
  );
}

function JsonScript({ value }: { value: Parameters<typeof serializeJsonForScript>[0] }) {
  return <script type="application/json" dangerouslySetInnerHTML={{ __html: serializeJsonForScript(value) }} />;
}

/**
 * AMP's custom elements are not in React's JSX types; React 19 writes string props of a custom
 * element as attributes unchanged, which is what AMP reads.
 */
function ampElement(tag: `amp-${string}`, attributes: Record<string, string>, ...children: ReactNode[]) {
  return createElement(tag, attributes, ...children);
}

/** AMP's action attribute (`on="tap:target.method"`): handled by the AMP runtime, not an inline handler. */
function ampAction(action: string): Record<string, string> {
  return { on: action };
}

/** AMP pages are served from AMP caches too, where a site-relative link would leave the site. */
function absolute(url: string, origin: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${origin}${url}` : url;
}
