import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { contactFormIslandProps, FrontComponentView, loadMoreIslandProps, TimeLabel } from './front-components.js';
import { UiTextProvider } from '../shell/ui-text-context.js';
import type { FrontComponent } from './front-view-model.js';

describe('loadMoreIslandProps (spec 1 §4, §9)', () => {
  it('passes the preloaded item, the next from and hasMore to the island, with the page size 10', () => {
    const props = loadMoreIslandProps({
      pageSize: 10,
      from: 11,
      hasMore: true,
      category: 'politics',
      preloaded: [{ title: '</script><script>alert(1)</script>', url: '/us/a', isBreaking: false, isDeveloping: false, isLive: false, authors: [] }],
    });
    expect(props).toMatchObject({ category: 'politics', from: 11, pageSize: 10, hasMore: true, endpoint: '/api/article-search' });
    expect(props.preloaded[0]).toMatchObject({ title: '</script><script>alert(1)</script>', url: '/us/a' });
  });
});

describe('TimeLabel', () => {
  it('stores the absolute date in <time datetime data-relative>', () => {
    expect(renderToStaticMarkup(<TimeLabel time={{ iso: '2026-02-28T13:05:00.000Z', day: '2026-02-28' }} />)).toBe(
      '<time dateTime="2026-02-28T13:05:00.000Z" data-relative="" data-day="2026-02-28">February 28, 2026</time>',
    );
  });

  it('writes the date in Spanish on the Spanish edition (what a reader without script sees)', () => {
    const html = renderToStaticMarkup(
      <UiTextProvider site="es">
        <TimeLabel time={{ iso: '2026-02-28T13:05:00.000Z', day: '2026-02-28' }} />
      </UiTextProvider>,
    );
    expect(html).toBe('<time dateTime="2026-02-28T13:05:00.000Z" data-relative="" data-day="2026-02-28">28 de febrero de 2026</time>');
  });
});

describe('business news', () => {
  it("links to the other site in the edition's language", () => {
    const component: FrontComponent = { type: 'business-news', title: 'Fox Business', site: { name: 'Fox Business', url: 'https://www.foxbusiness.com/' }, items: [] };
    expect(renderToStaticMarkup(<FrontComponentView component={component} />)).toContain('>More from Fox Business</a>');
    const es = renderToStaticMarkup(
      <UiTextProvider site="es">
        <FrontComponentView component={component} />
      </UiTextProvider>,
    );
    expect(es).toContain('>Más de Fox Business</a>');
  });
});

describe('front islands (ADR 0005)', () => {
  it('renders a tv-schedule component as the TvSchedule island, carrying dt only when the layout set it', () => {
    const pinned = renderToStaticMarkup(<FrontComponentView component={{ type: 'tv-schedule', title: 'On Air', channel: 'news', dt: '2022-03-30' }} />);
    expect(pinned).toContain('data-island="TvSchedule"');
    expect(pinned).toContain('{"title":"On Air","channel":"news","dt":"2022-03-30","endpoint":"/api/schedule","site":"news"}');
    const today = renderToStaticMarkup(<FrontComponentView component={{ type: 'tv-schedule', title: 'On Air', channel: 'business' }} />);
    expect(today).toContain('{"title":"On Air","channel":"business","endpoint":"/api/schedule","site":"news"}');
  });

  it('renders the newsletter promo with the Newsletter island for its id, under its title', () => {
    const html = renderToStaticMarkup(
      <FrontComponentView component={{ type: 'newsletter-promo', anchorId: 'newsletter-politics', id: 'newsletter-politics', slid: 'fnpolitics', title: 'Politics Newsletter' }} />,
    );
    expect(html).toMatch(/<section class="newsletter-promo" id="newsletter-politics"[^>]*><h2 class="component-title">Politics Newsletter<\/h2><div data-island="Newsletter"/);
    expect(html).toContain('{"newsletterId":"newsletter-politics","title":"Politics Newsletter","endpoint":"/api/newsletter","site":"news"}');
  });

  it('renders the contact form as the ContactForm island with the live endpoints', () => {
    const form = {
      formId: 'f1',
      location: false,
      labels: { fullName: 'Full Name', email: 'Email', state: 'State', town: 'Town', message: 'Message', submit: 'Send' },
      placeholders: { fullName: 'a', email: 'b', state: 'c', town: 'd', message: 'e' },
      messages: { success: 'Your message has been sent!', error: 'An error occurred, please try again later.' },
    };
    expect(contactFormIslandProps(form)).toEqual({ ...form, endpoint: '/api/contact', tokenEndpoint: '/api/email' });
    expect(renderToStaticMarkup(<FrontComponentView component={{ type: 'contact-form', form }} />)).toContain('data-island="ContactForm"');
  });
});
