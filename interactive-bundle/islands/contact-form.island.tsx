/**
 * The contact form (spec 1 §3 "Contact form": full name, email, state and town when the location
 * flag is set, message, a hidden email_token; §8 "Contact form success: 'Your message has been
 * sent!'; error: 'An error occurred, please try again later.'"; §9 the 59 states and territories).
 *
 * After hydration the island fetches GET /api/email for the hidden `email_token` (empty when that
 * fails, spec 1 §7: the form still sends), checks the required fields itself (name, email, message)
 * with a message tied to each bad field (aria-invalid + aria-describedby, focus on the first bad
 * one), posts JSON to POST /api/contact (edge-router/plugins/live-contact.ts) and shows the form's
 * success or error text.
 *
 * The server render is the form the page always had (ids `{formId}-full-name` etc., the 59 state
 * options, the hidden fields, the hidden success and error paragraphs); its Send button stays
 * disabled until hydration, because the endpoint takes JSON only and a plain post would fail.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { US_STATES } from '../../core/isomorphic/us-states.js';
import { IslandPropsError, type JsonObject } from '../island-props.js';
import { isValidEmail } from './newsletter.island.js';
import { isRecord } from '../../core/isomorphic/guards.js';
import { EMAIL_TOKEN_PATH, parseEmailTokenResponse } from '../../core/isomorphic/live/email-token.js';
import { CONTACT_PATH, type ContactRequest } from '../../core/isomorphic/live/forms.js';

/** The endpoints the island asks (their contracts: core/isomorphic/live/forms.ts, email-token.ts). */
export const CONTACT_ENDPOINT = CONTACT_PATH;
export const EMAIL_TOKEN_ENDPOINT = EMAIL_TOKEN_PATH;

export const CONTACT_FIELD_ERRORS = {
  fullName: 'Enter your full name.',
  email: 'Enter a valid email address, like name@example.com.',
  message: 'Enter your message.',
} as const;

type Texts<K extends string> = { [key in K]: string };

export type ContactFormProps = {
  formId: string;
  location: boolean;
  labels: Texts<'fullName' | 'email' | 'state' | 'town' | 'message' | 'submit'>;
  placeholders: Texts<'fullName' | 'email' | 'state' | 'town' | 'message'>;
  messages: Texts<'success' | 'error'>;
  endpoint: typeof CONTACT_ENDPOINT;
  tokenEndpoint: typeof EMAIL_TOKEN_ENDPOINT;
};

function texts<K extends string>(value: unknown, keys: readonly K[], what: string): Texts<K> {
  if (!isRecord(value)) throw new IslandPropsError(`ContactForm needs ${what}`);
  const out: Partial<Texts<K>> = {};
  for (const key of keys) {
    const text = value[key];
    if (typeof text !== 'string' || text.trim() === '') throw new IslandPropsError(`ContactForm ${what}.${key} must be a non-empty string`);
    out[key] = text;
  }
  return out as Texts<K>;
}

export function parseContactFormProps(props: JsonObject): ContactFormProps {
  const { formId, location, labels, placeholders, messages, endpoint, tokenEndpoint } = props;
  if (typeof formId !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(formId)) throw new IslandPropsError('ContactForm needs a formId of letters, digits, _ and -');
  if (typeof location !== 'boolean') throw new IslandPropsError('ContactForm needs a boolean location');
  if (endpoint !== CONTACT_ENDPOINT) throw new IslandPropsError(`ContactForm endpoint must be ${CONTACT_ENDPOINT}`);
  if (tokenEndpoint !== EMAIL_TOKEN_ENDPOINT) throw new IslandPropsError(`ContactForm tokenEndpoint must be ${EMAIL_TOKEN_ENDPOINT}`);
  return {
    formId,
    location,
    labels: texts(labels, ['fullName', 'email', 'state', 'town', 'message', 'submit'], 'labels'),
    placeholders: texts(placeholders, ['fullName', 'email', 'state', 'town', 'message'], 'placeholders'),
    messages: texts(messages, ['success', 'error'], 'messages'),
    endpoint,
    tokenEndpoint,
  };
}

type Field = keyof typeof CONTACT_FIELD_ERRORS;

/** The required-field problems of a submission (spec 1 §3: name, email and message required). */
export function contactFieldErrors(values: { fullName: string; email: string; message: string }): Field[] {
  const bad: Field[] = [];
  if (values.fullName.trim() === '') bad.push('fullName');
  if (!isValidEmail(values.email)) bad.push('email');
  if (values.message.trim() === '') bad.push('message');
  return bad;
}

/** The token from GET /api/email, '' on any failure (spec 1 §7). */
async function fetchEmailToken(endpoint: string): Promise<string> {
  try {
    const response = await fetch(endpoint, { headers: { accept: 'application/json' } });
    if (!response.ok) return '';
    return parseEmailTokenResponse(await response.json());
  } catch {
    return '';
  }
}

type Status = 'idle' | 'sending' | 'sent' | 'error';

export function ContactForm({ formId, location, labels, placeholders, messages, endpoint, tokenEndpoint }: ContactFormProps) {
  const [ready, setReady] = useState(false);
  const [token, setToken] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [invalid, setInvalid] = useState<readonly Field[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const id = (name: string) => `${formId}-${name}`;
  const fieldIds: Record<Field, string> = { fullName: id('full-name'), email: id('email'), message: id('message') };

  useEffect(() => {
    let live = true;
    setReady(true);
    void fetchEmailToken(tokenEndpoint).then((value) => {
      if (live) setToken(value);
    });
    return () => {
      live = false;
    };
  }, [tokenEndpoint]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'sending') return;
    const data = new FormData(event.currentTarget);
    const read = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    const values = { fullName: read('full-name'), email: read('email'), message: read('message') };
    const bad = contactFieldErrors(values);
    setInvalid(bad);
    if (bad.length > 0) {
      const first = bad[0];
      if (first !== undefined) document.getElementById(fieldIds[first])?.focus();
      return;
    }
    setStatus('sending');
    const body: ContactRequest = {
      name: values.fullName.trim(),
      email: values.email.trim(),
      message: values.message.trim(),
      ...(location ? { state: read('state'), town: read('town').trim() } : {}),
      email_token: token,
      form_id: formId,
    };
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`contact: HTTP ${response.status}`);
      setStatus('sent');
      formRef.current?.reset();
    } catch {
      // The reader sees the spec's error text and may send again.
      setStatus('error');
    }
  };

  const fieldProps = (field: Field) => {
    const bad = invalid.includes(field);
    return { 'aria-invalid': bad ? true : undefined, 'aria-describedby': bad ? `${fieldIds[field]}-error` : undefined };
  };
  const fieldError = (field: Field) =>
    invalid.includes(field) ? (
      <p id={`${fieldIds[field]}-error`} className="field-error">
        {CONTACT_FIELD_ERRORS[field]}
      </p>
    ) : null;

  return (
    <form
      ref={formRef}
      className="contact-form"
      id={formId}
      method="post"
      data-form-id={formId}
      noValidate
      aria-busy={status === 'sending' ? true : undefined}
      onSubmit={(event) => void onSubmit(event)}
    >
      <label htmlFor={fieldIds.fullName}>{labels.fullName}</label>
      <input id={fieldIds.fullName} name="full-name" type="text" required placeholder={placeholders.fullName} autoComplete="name" {...fieldProps('fullName')} />
      {fieldError('fullName')}
      <label htmlFor={fieldIds.email}>{labels.email}</label>
      <input id={fieldIds.email} name="email" type="email" required placeholder={placeholders.email} autoComplete="email" {...fieldProps('email')} />
      {fieldError('email')}
      {location ? (
        <>
          <label htmlFor={id('state')}>{labels.state}</label>
          <select id={id('state')} name="state" defaultValue="">
            <option value="">{placeholders.state}</option>
            {US_STATES.map((state) => (
              <option key={state.abbreviation} value={state.abbreviation}>
                {state.name}
              </option>
            ))}
          </select>
          <label htmlFor={id('town')}>{labels.town}</label>
          <input id={id('town')} name="town" type="text" placeholder={placeholders.town} />
        </>
      ) : null}
      <label htmlFor={fieldIds.message}>{labels.message}</label>
      <textarea id={fieldIds.message} name="message" required placeholder={placeholders.message} rows={5} {...fieldProps('message')} />
      {fieldError('message')}
      {/* The token comes from GET /api/email in the browser; empty on failure (spec 1 §7). */}
      <input type="hidden" name="email_token" value={token} />
      <input type="hidden" name="form_id" value={formId} />
      <button type="submit" disabled={!ready || status === 'sending'}>
        {labels.submit}
      </button>
      <p className="form-success" role="status" hidden={status !== 'sent'}>
        {messages.success}
      </p>
      <p className="form-error" role="alert" hidden={status !== 'error'}>
        {messages.error}
      </p>
    </form>
  );
}
