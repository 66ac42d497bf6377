/**
 * Front components (spec 1 §2.4, §3, §4, §9; spec 2 §2): layout only, from the view models of
 * load-components.ts. Times are stored as the absolute date in `<time datetime data-relative>`;
 * the browser island relabels them with relativeTimeLabel (spec 1 §4), so pages stay deterministic.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { IMAGE_SIZES } from '../../core/isomorphic/images.js';
import { absoluteDateLabel } from '../../core/isomorphic/relative-time.js';
import { SITES } from '../../core/isomorphic/sites.js';
import { useSiteId, useUiText } from '../shell/ui-text-context.js';
import { fillText } from '../../core/isomorphic/ui-text.js';
import { Island } from '../../interactive-bundle/island.js';
import { CONTACT_ENDPOINT, EMAIL_TOKEN_ENDPOINT, type ContactFormProps } from '../../interactive-bundle/islands/contact-form.island.js';
import { LOAD_MORE_ENDPOINT, LOAD_MORE_PAGE_SIZE, type LoadMoreProps } from '../../interactive-bundle/islands/load-more.island.js';
import { NEWSLETTER_ENDPOINT } from '../../interactive-bundle/islands/newsletter.island.js';
import { TV_SCHEDULE_ENDPOINT } from '../../interactive-bundle/islands/tv-schedule.island.js';
import { AdSlot } from './ad-slot.js';
import { CARD_IMAGE_FALLBACK_ATTRIBUTE, DEFAULT_CARD_IMAGE } from '../../interactive-bundle/client/platform/image-fallback.js';
import type {
  ContactFormView,
  FrontArticleItem,
  FrontComponent,
  FrontImage,
  LoadMoreData,
  SpotlightItemView,
  SummaryItemView,
  TimeModel,
} from './front-view-model.js';

/** Links that leave for another site open in a new tab without handing over the opener (spec 2 §2). */
const NEW_TAB = { target: '_blank', rel: 'noopener' } as const;

/**
 * The absolute US Eastern date in the edition's language ("February 28, 2026", "28 de febrero de
 * 2026"): what a reader without script and a crawler read; the bundle relabels it (relative-times.ts).
 */
export function TimeLabel({ time }: { time: TimeModel }) {
  const site = useSiteId();
  return (
    <time dateTime={time.iso} data-relative="" data-day={time.day}>
      {absoluteDateLabel(time.iso, SITES[site].lang)}
    </time>
  );
}

/**
 * A card image: lazy, except the front's lead image (the largest thing above the fold: a lazy one
 * delays Largest Contentful Paint); a failed one falls back to the default card image (spec 1 §4, image-fallback.ts).
 */
function Img({ image, className, lead = false }: { image: FrontImage; className?: string; lead?: boolean }) {
  return (
    <img
      className={className}
      src={image.src}
      width={image.width}
      height={image.height}
      alt={image.alt}
      {...(lead ? { loading: 'eager', fetchPriority: 'high' } : { loading: 'lazy', decoding: 'async' })}
      {...{ [CARD_IMAGE_FALLBACK_ATTRIBUTE]: DEFAULT_CARD_IMAGE }}
      {...(image.srcSet ? { srcSet: image.srcSet } : {})}
      {...(image.sizes ? { sizes: image.sizes } : {})}
    />
  );
}

/** Whether the enclosing component shows a title (h2): item headings sit one level below it. */
const TitledContext = createContext(false);

function Title({ title }: { title: string | undefined }) {
  return title ? <h2 className="component-title">{title}</h2> : null;
}

/** An item heading: h3 under a component title, else h2, so no heading level is skipped. */
function ItemHeading({ className, children }: { className?: string; children: ReactNode }) {
  return useContext(TitledContext) ? <h3 className={className}>{children}</h3> : <h2 className={className}>{children}</h2>;
}

function Flags({ item }: { item: FrontArticleItem }) {
  const text = useUiText();
  // The class names stay English (styles key on them); the words are the edition's.
  const flags = [item.isBreaking ? ['breaking', text.breaking] : null, item.isDeveloping ? ['developing', text.developing] : null, item.isLive ? ['live', text.live] : null].filter((f): f is [string, string] => f !== null);
  return flags.length === 0 ? null : (
    <span className="flags">
      {flags.map(([name, label]) => (
        <span key={name} className={`flag flag-${name}`}>
          {label}
        </span>
      ))}
    </span>
  );
}

/** "By" in the edition's language. */
function ByWord() {
  return <>{useUiText().by}</>;
}

/** Byline, duration and date on one line (not three lines with gaps between). */
function ItemMeta({ item }: { item: FrontArticleItem }) {
  const parts = [
    item.authors.length > 0 ? (
      <span key="by" className="byline">
        {item.headshot ? <img className="headshot" src={item.headshot.src} alt="" width={IMAGE_SIZES.headshotInList.width} height={IMAGE_SIZES.headshotInList.height} loading="lazy" decoding="async" /> : null}
        <ByWord /> {item.authors.join(', ')}
      </span>
    ) : null,
    item.duration ? <span key="duration" className="duration">{item.duration}</span> : null,
    item.published ? <TimeLabel key="time" time={item.published} /> : null,
  ].filter((part) => part !== null);
  return parts.length === 0 ? null : <p className="item-meta">{parts}</p>;
}

function ArticleItem({ item, lead = false }: { item: FrontArticleItem; lead?: boolean }) {
  return (
    <article className={lead ? 'article-item lead-item' : 'article-item'}>
      {item.image ? (
        <a className="item-image" href={item.url} tabIndex={-1} aria-hidden="true">
          <Img image={item.image} lead={lead} />
        </a>
      ) : null}
      <div className="item-info">
        {item.category ? (
          <a className="kicker" href={item.category.url}>
            {item.category.name}
          </a>
        ) : null}
        <Flags item={item} />
        <ItemHeading className="item-title">
          <a href={item.url}>{item.title}</a>
        </ItemHeading>
        {item.description ? <p className="dek">{item.description}</p> : null}
        <ItemMeta item={item} />
      </div>
    </article>
  );
}

/**
 * The load-more island's props from the first list's state (spec 1 §4, §9): the preloaded extra
 * item, where the next fetch starts, and whether more exist. URLs are already accepted ones.
 */
export function loadMoreIslandProps(data: LoadMoreData): LoadMoreProps {
  return {
    ...(data.category === undefined ? {} : { category: data.category }),
    from: data.from,
    pageSize: LOAD_MORE_PAGE_SIZE,
    preloaded: data.preloaded.map((item) => ({
      title: item.title,
      url: item.url,
      ...(item.image ? { imageUrl: item.image.src } : {}),
      ...(item.description ? { description: item.description } : {}),
      ...(item.published ? { publicationDate: item.published.iso } : {}),
    })),
    hasMore: data.hasMore,
    endpoint: LOAD_MORE_ENDPOINT,
  };
}

function SpotlightItem({ item }: { item: SpotlightItemView }) {
  const text = useUiText();
  return (
    <article className={`spotlight-item spotlight-${item.dimensionType}${item.isVideo ? ' is-video' : ''}`}>
      {item.image ? (
        <figure className="item-image">
          <a href={item.url} tabIndex={-1} aria-hidden="true">
            <Img image={item.image} />
          </a>
          {item.imageCopyright ? <figcaption className="copyright">{item.imageCopyright}</figcaption> : null}
        </figure>
      ) : null}
      <div className="item-info">
        {item.eyebrowType ? <span className={`eyebrow eyebrow-${item.eyebrowType.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`}>{item.eyebrowType}</span> : null}
        {item.kickerText ? <span className="kicker">{item.kickerText}</span> : null}
        <Flags item={item} />
        <ItemHeading className="item-title">
          <a href={item.url}>{item.title}</a>
        </ItemHeading>
        {item.dek ? <p className="dek">{item.dek}</p> : null}
        {item.isVideo ? <span className="video-label">Video{item.duration ? ` ${item.duration}` : ''}</span> : null}
        {item.isShared && item.originationStation ? <span className="origination">{fillText(text.fromStation, { station: item.originationStation })}</span> : null}
        {item.relatedArticles.length > 0 ? (
          <ul className="related">
            {item.relatedArticles.map((related) => (
              <li key={related.url}>
                <a href={related.url}>{related.title}</a>
                {related.duration ? <span className="duration">{related.duration}</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}

function SummaryItem({ item }: { item: SummaryItemView }) {
  switch (item.kind) {
    case 'text':
      return <p className="summary-text" dangerouslySetInnerHTML={{ __html: item.html }} />;
    case 'list':
      return (
        <div className="summary-list">
          {item.titleHtml ? <p className="summary-list-title" dangerouslySetInnerHTML={{ __html: item.titleHtml }} /> : null}
          <ul>
            {item.items.map((html, i) => (
              <li key={i} dangerouslySetInnerHTML={{ __html: html }} />
            ))}
          </ul>
        </div>
      );
    case 'external_link':
      return (
        <p className="summary-external-link">
          <a href={item.url} {...NEW_TAB}>
            {item.title}
          </a>
          {item.description ? ` ${item.description}` : null}
        </p>
      );
    case 'article':
      return (
        <div className="summary-article">
          {item.image ? <Img image={item.image} /> : null}
          <ItemHeading>
            <a href={item.url}>{item.title}</a>
          </ItemHeading>
          {item.description ? <p>{item.description}</p> : null}
          {item.published ? <TimeLabel time={item.published} /> : null}
        </div>
      );
    case 'video':
    case 'brightcove_video':
      return (
        <div className={`summary-${item.kind.replace('_', '-')}`}>
          {item.image ? <Img image={item.image} /> : null}
          <ItemHeading>
            <a href={item.url}>{item.title}</a>
          </ItemHeading>
          {item.duration ? <span className="duration">{item.duration}</span> : null}
        </div>
      );
  }
}

/**
 * The contact form is the ContactForm island (spec 1 §3, §8): it renders the whole form, fetches
 * the email token and posts to POST /api/contact; its server render is the form with the 59 states.
 */
export function contactFormIslandProps(form: ContactFormView): ContactFormProps {
  return { ...form, endpoint: CONTACT_ENDPOINT, tokenEndpoint: EMAIL_TOKEN_ENDPOINT };
}

export function ContactForm({ form }: { form: ContactFormView }) {
  return <Island name="ContactForm" props={contactFormIslandProps(form)} />;
}

export function FrontComponentView({ component }: { component: FrontComponent }) {
  const titled = 'title' in component && Boolean(component.title);
  return (
    <TitledContext.Provider value={titled}>
      <ComponentBody component={component} />
    </TitledContext.Provider>
  );
}

function ComponentBody({ component }: { component: FrontComponent }) {
  const text = useUiText();
  const site = useSiteId();
  switch (component.type) {
    case 'article-list': {
      const { style, items } = component;
      const List = style === 'rank' ? 'ol' : 'ul';
      return (
        <section className={`article-list list-${style}`} {...(component.title ? {} : { 'aria-label': text.articles })}>
          <Title title={component.title} />
          {items.length === 0 ? (
            <p className="empty">{text.noStoriesYet}</p>
          ) : (
            <List className="items">
              {items.map((item, index) => (
                <li key={item.url}>
                  <ArticleItem item={item} lead={style === 'spotlight' && index === 0} />
                </li>
              ))}
            </List>
          )}
          {component.loadMore ? <Island name="LoadMore" props={{ ...loadMoreIslandProps(component.loadMore), site }} /> : null}
          {component.url ? (
            <a className="see-all" href={component.url}>
              {text.seeAll}
            </a>
          ) : null}
        </section>
      );
    }
    case 'spotlight':
      return (
        <section className="spotlight" aria-label={component.title ?? 'Spotlight'}>
          <Title title={component.title} />
          {component.items.map((item) => (
            <SpotlightItem key={item.url} item={item} />
          ))}
        </section>
      );
    case 'summary':
      return (
        <section className="summary" aria-label={component.title ?? 'Summary'}>
          <Title title={component.title} />
          {component.items.map((item, i) => (
            <SummaryItem key={i} item={item} />
          ))}
        </section>
      );
    case 'recirculation':
      return (
        <section className="recirculation" aria-label={component.title ?? text.moreStories}>
          <Title title={component.title} />
          <ul>
            {component.items.map((item) => (
              <li key={item.url}>
                {item.image ? <Img image={item.image} /> : null}
                <a href={item.url} {...(item.isExternal ? NEW_TAB : {})}>
                  {item.title}
                </a>
                {item.source ? <span className="source">{item.source}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      );
    case 'business-sites':
      return (
        <section className="business-sites" aria-label={component.title ?? text.businessSites}>
          <Title title={component.title} />
          <ul>
            {component.items.map((item) => (
              <li key={item.link}>
                <a href={item.link} {...NEW_TAB}>
                  <Img image={item.image} />
                </a>
              </li>
            ))}
          </ul>
        </section>
      );
    case 'business-news':
      return (
        <section className="business-news" aria-label={component.title ?? component.site.name}>
          <Title title={component.title} />
          {component.items.map((item) => (
            <article key={item.url} className="business-news-card">
              <a className="category-label" href={item.labelUrl} {...NEW_TAB}>
                {item.label}
              </a>
              <TimeLabel time={item.published} />
              <ItemHeading>
                <a href={item.url} {...NEW_TAB}>
                  {item.title}
                </a>
              </ItemHeading>
              {item.description ? <p>{item.description}</p> : null}
            </article>
          ))}
          <a className="business-site-link" href={component.site.url} {...NEW_TAB}>
            {fillText(text.moreFrom, { site: component.site.name })}
          </a>
        </section>
      );
    case 'newsletter-promo':
      return (
        <section className="newsletter-promo" id={component.anchorId} data-newsletter-id={component.id} data-slid={component.slid} aria-label={component.title}>
          {component.logo ? <Img image={component.logo} /> : null}
          <h2 className="component-title">{component.title}</h2>
          {component.description ? <p>{component.description}</p> : null}
          {component.arrives ? <p className="arrives">{fillText(text.newsletterArrives, { days: component.arrives })}</p> : null}
          <Island name="Newsletter" props={{ newsletterId: component.id, title: component.title, endpoint: NEWSLETTER_ENDPOINT, site }} />
        </section>
      );
    case 'contact-form':
      return <ContactForm form={component.form} />;
    case 'tv-schedule':
      return (
        <Island
          name="TvSchedule"
          props={{ title: component.title, channel: component.channel, ...(component.dt === undefined ? {} : { dt: component.dt }), endpoint: TV_SCHEDULE_ENDPOINT, site }}
        />
      );
    case 'merchandise':
      return (
        <section className="merchandise" aria-label={component.title ?? 'Merchandise'}>
          <Title title={component.title} />
          {component.items.map((item) => (
            <article key={item.url} className="merchandise-item">
              {item.image ? <Img image={item.image} /> : null}
              <ItemHeading>
                <a href={item.url}>{item.title}</a>
              </ItemHeading>
              {item.description ? <p>{item.description}</p> : null}
              {item.author ? <p className="byline"><ByWord /> {item.author.url ? <a href={item.author.url}>{item.author.name}</a> : item.author.name}</p> : null}
              {item.buttons.map((button) => (
                <a key={button.url} className="button" href={button.url}>
                  {button.name}
                </a>
              ))}
            </article>
          ))}
        </section>
      );
    case 'timeline':
      return (
        <section className="timeline" aria-label={component.title ?? 'Timeline'}>
          <Title title={component.title} />
          <ol>
            {component.items.map((item) => (
              <li key={item.url}>
                {item.at ? <TimeLabel time={item.at} /> : <span className="timeline-time">{item.time}</span>} <a href={item.url}>{item.label}</a>
              </li>
            ))}
          </ol>
        </section>
      );
    case 'stocks':
      return (
        <section className="stocks" aria-label={component.title ?? 'Markets'}>
          <Title title={component.title} />
          <table>
            <thead>
              <tr>
                <th scope="col">Ticker</th>
                <th scope="col">Price</th>
                <th scope="col">Change</th>
                <th scope="col">% Change</th>
              </tr>
            </thead>
            <tbody>
              {component.items.map((row) => (
                <tr key={row.ticker} className={`stock-${row.direction}`}>
                  <th scope="row">
                    <a href={row.url} title={row.description}>
                      {row.ticker}
                    </a>
                  </th>
                  <td>{row.current}</td>
                  <td>{row.netChange}</td>
                  <td>{row.percentChange}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      );
    case 'promo-slideshow':
      return (
        <section className="promo-slideshow" aria-roledescription="carousel" aria-label={text.promotions}>
          <ul className="slides">
            {component.slides.map((slide, i) => (
              <li key={slide.url} className="slide" id={`promo-slide-${i + 1}`} aria-roledescription="slide" aria-label={fillText(text.slideOf, { n: i + 1, total: component.slides.length })}>
                <Img image={slide.image} />
                <p className="show-title">{slide.showTitle}</p>
                <ItemHeading>
                  <a href={slide.url}>{slide.title}</a>
                </ItemHeading>
                {slide.buttonLabel ? (
                  <a className="button" href={slide.url}>
                    {slide.buttonLabel}
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
          <div className="slide-controls">
            {component.slides.map((slide, i) => (
              <a key={slide.url} className="slide-control" href={`#promo-slide-${i + 1}`} aria-label={`Slide ${i + 1}`}>
                {i + 1}
              </a>
            ))}
          </div>
        </section>
      );
    case 'ad':
      return <AdSlot slot={component.slot} />;
  }
}

/** A layout's left rail (spec 2 §2: show, person, game and live-event pages), a labelled aside. */
export function LeftRail({ components }: { components: FrontComponent[] }) {
  if (components.length === 0) return null;
  return (
    <aside className="region region-left-rail" aria-label={useUiText().leftRail}>
      {components.map((component, i) => (
        <FrontComponentView key={i} component={component} />
      ))}
    </aside>
  );
}

/**
 * One region of a layout. `front`: the region carries the front class itself, so FRONT_CSS styles
 * its components on a page whose own markup must not take the front styles (the games pages).
 */
export function Region({ name, components, as = 'div', front = false }: { name: string; components: FrontComponent[]; as?: 'div' | 'aside'; front?: boolean }) {
  const text = useUiText();
  if (components.length === 0) return null;
  const Tag = as;
  return (
    <Tag className={`region region-${name}${front ? ' front' : ''}`} {...(as === 'aside' ? { 'aria-label': text.rightRail } : {})}>
      {components.map((component, i) => (
        <FrontComponentView key={i} component={component} />
      ))}
    </Tag>
  );
}
