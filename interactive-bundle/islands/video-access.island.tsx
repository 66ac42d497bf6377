/**
 * The TV-provider access parts of the single video page (spec 2 §2, §4, the preview pass
 * counting down): the Locked marker, the subscription bar and its preview-pass countdown.
 *
 * Stored pages are the same for every reader, so the server renders the anonymous state: the
 * Locked marker for a video that needs a TV-provider sign-in, and the bar when `showBar` is set
 * (the render worker sets it for exactly those videos). The browser then applies what only it
 * knows, from local storage entries in the platform's expiring format (spec 2 §3 "Local storage
 * entry: value and optional expiry"; interactive-bundle/client/platform/local-storage.ts):
 *
 *   - TV_PROVIDER_ID_KEY ("tvProviderId"): the signed-in TV provider's id, a non-empty string.
 *     Spec 2 §4 "authenticated when a provider id exists": the island drops the Locked marker and
 *     hides the bar (nothing left to sign in to). How the id gets there is the provider sign-in
 *     flow, which the spec does not show; the Sign In button dispatches TV_PROVIDER_SIGN_IN_EVENT on
 *     window for it.
 *   - PREVIEW_PASS_KEY ("tvPreviewPass"): the temporary pass's expiry in epoch milliseconds (the
 *     entry itself expires then too, so an old pass is removed on read). While it lies ahead the
 *     banner 'Your Preview Pass expires in {time}' is shown and counts down each second; the server
 *     renders it hidden with '00:00' so hydration matches, and it hides again when the pass runs out.
 *
 * The texts are the edition's (core/isomorphic/ui-text.ts; the spec's English ones are the news
 * edition's), chosen by the `site` prop: the island hydrates as its own root and cannot read the
 * page's edition, and the server render takes the same prop, so both render the same texts.
 *
 * Time form: the spec's '00:00' is minutes and seconds, 'MM:SS', counting down each second; an
 * hour or more left puts the hours before it, 'H:MM:SS'. Seconds round up, so the banner reads
 * 00:01 in the pass's last second and hides when it is over.
 */
import { useEffect, useState } from 'react';
import { isSiteId, type SiteId } from '../../core/isomorphic/sites.js';
import { uiText } from '../../core/isomorphic/ui-text.js';
import { createExpiringStorage } from '../client/platform/local-storage.js';
import { IslandPropsError, type JsonObject } from '../island-props.js';

/** Spec 2 §2: the Sign Up link's destination. */
export const SIGN_UP_PATH = '/gowatch';
export const TV_PROVIDER_ID_KEY = 'tvProviderId';
export const PREVIEW_PASS_KEY = 'tvPreviewPass';
export const TV_PROVIDER_SIGN_IN_EVENT = 'tv-provider:sign-in';

const SECOND_MS = 1_000;
const COUNTDOWN_TICK_MS = 1_000;

export type VideoAccessProps = {
  /** Spec 2 §4: fnc or fbn source, or a full episode. */
  needsAuthentication: boolean;
  /** Spec 2 §2: the subscription bar is hidden unless showBar is set. */
  showBar: boolean;
  /** The edition, for the island's texts; the news edition when absent. */
  site?: SiteId;
};

export function parseVideoAccessProps(props: JsonObject): VideoAccessProps {
  const { needsAuthentication, showBar, site } = props;
  if (site !== undefined && !isSiteId(site)) throw new IslandPropsError('VideoAccess site must be a site id');
  if (typeof needsAuthentication !== 'boolean' || typeof showBar !== 'boolean') throw new IslandPropsError('VideoAccess needs needsAuthentication and showBar booleans');
  return { needsAuthentication, showBar, ...(site === undefined ? {} : { site }) };
}

/** Spec 2 §4: authenticated when a provider id exists. */
export function isAuthenticated(providerId: unknown): boolean {
  return typeof providerId === 'string' && providerId.trim() !== '';
}

/** Spec 2 §4: locked when authentication is needed and the reader is not authenticated. */
export function isLocked(needsAuthentication: boolean, providerId: unknown): boolean {
  return needsAuthentication && !isAuthenticated(providerId);
}

export interface Remaining {
  /** Whole hours, >= 0. */
  hours: number;
  /** 0-59. */
  minutes: number;
  /** 0-59. */
  seconds: number;
}

/** Time left, seconds rounded up; null once the pass is over. */
export function remainingTime(expiry: number, now: number): Remaining | null {
  const left = expiry - now;
  if (!Number.isFinite(left) || left <= 0) return null;
  const totalSeconds = Math.ceil(left / SECOND_MS);
  return { hours: Math.floor(totalSeconds / 3600), minutes: Math.floor((totalSeconds % 3600) / 60), seconds: totalSeconds % 60 };
}

const two = (value: number) => String(value).padStart(2, '0');

/** '00:00' with no time left; '04:59' (minutes:seconds); '2:05:09' with hours. */
export function formatRemaining(remaining: Remaining | null): string {
  if (remaining === null) return '00:00';
  const minutesSeconds = `${two(remaining.minutes)}:${two(remaining.seconds)}`;
  return remaining.hours > 0 ? `${remaining.hours}:${minutesSeconds}` : minutesSeconds;
}

export function previewPassText(remaining: Remaining | null, site: SiteId = 'news'): string {
  return `${uiText(site).previewPassExpires} ${formatRemaining(remaining)}`;
}

export function VideoAccess({ needsAuthentication, showBar, site = 'news' }: VideoAccessProps) {
  const text = uiText(site);
  const [authenticated, setAuthenticated] = useState(false);
  const [expiry, setExpiry] = useState<number | null>(null);
  const [now, setNow] = useState(0);

  useEffect(() => {
    const storage = createExpiringStorage();
    setAuthenticated(isAuthenticated(storage.get(TV_PROVIDER_ID_KEY)));
    const pass = storage.get(PREVIEW_PASS_KEY);
    if (typeof pass === 'number' && Number.isFinite(pass)) setExpiry(pass);
    setNow(Date.now());
  }, []);

  useEffect(() => {
    if (expiry === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => window.clearInterval(timer);
  }, [expiry]);

  const remaining = expiry === null ? null : remainingTime(expiry, now);
  const locked = needsAuthentication && !authenticated;
  return (
    <div className="video-access">
      {locked ? (
        <p className="video-locked" data-locked="true">
          {text.videoLocked}
        </p>
      ) : null}
      {showBar ? (
        <section className="subscription-bar" aria-label={text.tvProviderBar} hidden={authenticated}>
          <p className="preview-pass" hidden={remaining === null}>
            {previewPassText(remaining, site)}
          </p>
          <button type="button" className="tv-provider-sign-in" onClick={() => window.dispatchEvent(new CustomEvent(TV_PROVIDER_SIGN_IN_EVENT))}>
            {text.tvProviderSignIn}
          </button>
          <p className="tv-provider-prompt">
            {text.tvSubscriptionPrompt} <a href={SIGN_UP_PATH}>{text.tvSignUp}</a>
          </p>
        </section>
      ) : null}
    </div>
  );
}
