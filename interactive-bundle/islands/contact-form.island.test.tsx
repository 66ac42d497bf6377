import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CONTACT_FORM_DEFAULTS } from '../../core/upstream/component-schemas.js';
import { IslandPropsError } from '../island-props.js';
import { ContactForm, contactFieldErrors, parseContactFormProps, type ContactFormProps } from './contact-form.island.js';

const PROPS: ContactFormProps = {
  formId: 'america-together',
  location: true,
  labels: { ...CONTACT_FORM_DEFAULTS.labels },
  placeholders: { ...CONTACT_FORM_DEFAULTS.placeholders },
  messages: { ...CONTACT_FORM_DEFAULTS.messages },
  endpoint: '/api/contact',
  tokenEndpoint: '/api/email',
};

describe('contact form island (spec 1 §3, §8, §9)', () => {
  const html = renderToString(<ContactForm {...PROPS} />);

  it('server-renders the required fields, the 59 states, the empty token and the hidden texts', () => {
    expect(html).toMatch(/<input id="america-together-full-name" type="text" required=""[^>]*name="full-name"\/>/);
    expect(html).toMatch(/<input id="america-together-email" type="email" required=""[^>]*name="email"\/>/);
    expect(html).toMatch(/<textarea id="america-together-message" name="message" required=""/);
    expect(html.match(/<option value="[A-Z]{2}">/g)).toHaveLength(59);
    expect(html).toContain('<input type="hidden" name="email_token" value=""/>');
    expect(html).toContain('<p class="form-success" role="status" hidden="">Your message has been sent!</p>');
    expect(html).toContain('<p class="form-error" role="alert" hidden="">An error occurred, please try again later.</p>');
    expect(html).toMatch(/<button type="submit" disabled="">Send<\/button>/);
  });

  it('leaves the state and town out without the location flag', () => {
    expect(renderToString(<ContactForm {...PROPS} location={false} />)).not.toContain('name="state"');
  });

  it('requires name, email and message', () => {
    expect(contactFieldErrors({ fullName: ' ', email: 'x', message: '\n' })).toEqual(['fullName', 'email', 'message']);
    expect(contactFieldErrors({ fullName: 'Ann', email: 'ann@example.com', message: 'Hi' })).toEqual([]);
  });

  it('validates its props', () => {
    expect(parseContactFormProps(PROPS)).toEqual(PROPS);
    expect(() => parseContactFormProps({ ...PROPS, formId: '"><script>' })).toThrow(IslandPropsError);
    expect(() => parseContactFormProps({ ...PROPS, messages: { success: 'ok' } })).toThrow(IslandPropsError);
  });
});
