import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IslandPropsError } from '../island-props.js';
import { isValidEmail, Newsletter, NEWSLETTER_ENDPOINT, NEWSLETTER_SUCCESS_TEXT, parseNewsletterProps } from './newsletter.island.js';

describe('newsletter island', () => {
  it('uses the spec 1 §8 success text', () => {
    expect(NEWSLETTER_SUCCESS_TEXT).toBe("You've successfully subscribed to this newsletter!");
  });

  it('server-renders a labelled email field and a Subscribe button that waits for hydration', () => {
    const html = renderToString(<Newsletter newsletterId="newsletter-politics" title="Politics Newsletter" endpoint="/api/newsletter" />);
    expect(html).toMatch(/<form class="newsletter-form" aria-label="Politics Newsletter" novalidate="">/i);
    expect(html).toMatch(/<label for="([^"]+)">Email address<\/label><input id="\1" type="email" required=""[^>]*name="email"\/>/);
    expect(html).toMatch(/<button type="submit" class="newsletter-subscribe" disabled="">Subscribe<\/button>/);
  });

  it('checks addresses like the edge does', () => {
    expect(isValidEmail('reader@example.com')).toBe(true);
    expect(isValidEmail('  reader@example.com ')).toBe(true);
    for (const bad of ['', 'reader', 'reader@', '@example.com', 'reader@example', 'a b@example.com', `${'x'.repeat(250)}@example.com`]) {
      expect(isValidEmail(bad)).toBe(false);
    }
  });

  it('validates its props', () => {
    expect(() => parseNewsletterProps({ newsletterId: '', title: 'T', endpoint: '/api/newsletter' })).toThrow(IslandPropsError);
    expect(() => parseNewsletterProps({ newsletterId: 'n', title: 'T', endpoint: 'https://evil.example/' })).toThrow(IslandPropsError);
  });
});

describe('Newsletter on the Spanish edition', () => {
  it('writes its label and button in Spanish, and refuses an unknown edition', () => {
    const html = renderToStaticMarkup(<Newsletter newsletterId="n1" title="Boletín de política" endpoint={NEWSLETTER_ENDPOINT} site="es" />);
    expect(html).toContain('>Correo electrónico</label>');
    expect(html).toContain('>Suscribirse</button>');
    expect(() => parseNewsletterProps({ newsletterId: 'n1', title: 'T', endpoint: NEWSLETTER_ENDPOINT, site: 'fr' })).toThrow(IslandPropsError);
  });
});
