/**
 * The newsletter promo's subscribe form (spec 1 §8 "Newsletter success: 'You've successfully
 * subscribed to this newsletter!'"): an email field and Subscribe; a valid address is posted to
 * the edge's POST /api/newsletter (edge-router/plugins/live-newsletter.ts) and the promo turns into
 * its subscribed state with the spec's text. A bad address gets an error message tied to the field
 * (aria-invalid, aria-describedby); a failed call gets NEWSLETTER_ERROR_TEXT and may be retried.
 *
 * Without script the subscribe cannot work (the endpoint takes JSON only, against cross-site form
 * posts), so the server render shows the field with Subscribe disabled; hydration enables it.
 */
import { isSiteId, type SiteId } from '../../core/isomorphic/sites.js';
import { uiText } from '../../core/isomorphic/ui-text.js';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { IslandPropsError, type JsonObject } from '../island-props.js';
import { NEWSLETTER_PATH, type NewsletterRequest } from '../../core/isomorphic/live/forms.js';

/** The endpoint the island posts to (its contract: core/isomorphic/live/forms.ts). */
export const NEWSLETTER_ENDPOINT = NEWSLETTER_PATH;
/** Spec 1 §8 (the news edition's; each edition's texts are in core/isomorphic/ui-text.ts). */
export const NEWSLETTER_SUCCESS_TEXT = uiText('news').newsletterSubscribed;
/** Not in the spec; ours. */
export const NEWSLETTER_ERROR_TEXT = uiText('news').newsletterFailed;
export const NEWSLETTER_INVALID_EMAIL_TEXT = uiText('news').newsletterInvalidEmail;
export const NEWSLETTER_EMAIL_LABEL = uiText('news').newsletterEmail;
export const NEWSLETTER_SUBMIT_LABEL = uiText('news').subscribe;

/** Same rule as the edge's check (live-newsletter.ts EMAIL_PATTERN): something@host.tld. */
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

export function isValidEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= 254 && EMAIL_PATTERN.test(trimmed);
}

export type NewsletterProps = {
  /** The promo's newsletter id (layout `id`), sent as `newsletterId`. */
  newsletterId: string;
  /** The promo's title, naming the form for screen readers. */
  title: string;
  endpoint: typeof NEWSLETTER_ENDPOINT;
  /** The edition, for the form's texts; the news edition when absent. */
  site?: SiteId;
};

export function parseNewsletterProps(props: JsonObject): NewsletterProps {
  const { newsletterId, title, endpoint, site } = props;
  if (site !== undefined && !isSiteId(site)) throw new IslandPropsError('Newsletter site must be a site id');
  if (typeof newsletterId !== 'string' || newsletterId.trim() === '') throw new IslandPropsError('Newsletter needs a non-empty newsletterId');
  if (typeof title !== 'string' || title.trim() === '') throw new IslandPropsError('Newsletter needs a non-empty title');
  if (endpoint !== NEWSLETTER_ENDPOINT) throw new IslandPropsError(`Newsletter endpoint must be ${NEWSLETTER_ENDPOINT}`);
  return { newsletterId, title, endpoint, ...(site === undefined ? {} : { site }) };
}

type Status = 'idle' | 'invalid' | 'sending' | 'error' | 'subscribed';

export function Newsletter({ newsletterId, title, endpoint, site = 'news' }: NewsletterProps) {
  const text = uiText(site);
  const [status, setStatus] = useState<Status>('idle');
  const [ready, setReady] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const successRef = useRef<HTMLParagraphElement>(null);
  const inputId = useId();
  const messageId = useId();

  useEffect(() => setReady(true), []);
  useEffect(() => {
    if (status === 'subscribed') successRef.current?.focus();
  }, [status]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'sending') return;
    // Uncontrolled input: whatever was typed before hydration is read here.
    const email = (inputRef.current?.value ?? '').trim();
    if (!isValidEmail(email)) {
      setStatus('invalid');
      inputRef.current?.focus();
      return;
    }
    setStatus('sending');
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email, newsletterId } satisfies NewsletterRequest),
      });
      setStatus(response.ok ? 'subscribed' : 'error');
    } catch {
      setStatus('error');
    }
  };

  if (status === 'subscribed') {
    return (
      <p ref={successRef} className="newsletter-success" role="status" tabIndex={-1}>
        {text.newsletterSubscribed}
      </p>
    );
  }
  const invalid = status === 'invalid';
  const message = invalid ? text.newsletterInvalidEmail : status === 'error' ? text.newsletterFailed : '';
  return (
    <form className="newsletter-form" aria-label={title} noValidate onSubmit={(event) => void onSubmit(event)}>
      <label htmlFor={inputId}>{text.newsletterEmail}</label>
      <input
        ref={inputRef}
        id={inputId}
        name="email"
        type="email"
        required
        autoComplete="email"
        placeholder="name@example.com"
        aria-invalid={invalid ? true : undefined}
        aria-describedby={messageId}
        onChange={() => {
          if (invalid) setStatus('idle');
        }}
      />
      <button type="submit" className="newsletter-subscribe" disabled={!ready || status === 'sending'} aria-busy={status === 'sending' ? true : undefined}>
        {text.subscribe}
      </button>
      <p id={messageId} className="newsletter-message" role="alert">
        {message}
      </p>
    </form>
  );
}
