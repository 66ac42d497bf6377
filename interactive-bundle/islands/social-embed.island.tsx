/**
 * Instagram and TikTok embeds in articles (spec 1 §4 "Instagram and TikTok embeds load a script,
 * then fetch the embed data"; §7 GET /api/instagram; §8 the Instagram failure text).
 *
 * Progressive enhancement: the server renders a link to the post, which is all a reader without
 * script (or whose browser blocks the third party) gets. Once the embed scrolls near the viewport:
 *
 * - Instagram: the provider's embed script is loaded, then the post's markup is fetched from the
 *   edge router's `/api/instagram` (which keeps only Instagram's blockquote, its links to
 *   instagram.com and text: edge-router/plugins/live-instagram.ts) and handed to the script to
 *   upgrade. A post that is gone (404) or a failed call shows spec 1 §8's text beside the link.
 * - TikTok: the provider's blockquote is built here from the post URL and video id (nothing from a
 *   third party becomes markup), then the provider's embed script upgrades it. Without a video id
 *   the link stays.
 *
 * A script that fails to load (blocked, offline) leaves the link or the plain blockquote: the post
 * is still one click away. Each provider's script is added to the page once, however many embeds.
 */
import { useEffect, useRef, useState } from 'react';
import { EMBED_ERROR_TEXTS } from '../../core/isomorphic/constants.js';
import { IslandPropsError, type JsonObject } from '../island-props.js';
import { INSTAGRAM_DEFAULT_MAX_WIDTH, INSTAGRAM_PATH, instagramUrl, parseInstagramResponse } from '../../core/isomorphic/live/instagram.js';

/** The providers' own embed scripts. */
export const EMBED_SCRIPTS = {
  instagram: 'https://www.instagram.com/embed.js',
  tiktok: 'https://www.tiktok.com/embed.js',
} as const;

/** The edge router's Instagram endpoint (spec 1 §7: maxwidth 1400, omitscript true). */
export const INSTAGRAM_ENDPOINT = INSTAGRAM_PATH;

/** Start loading this far before the embed scrolls into view. */
const ROOT_MARGIN = '400px 0px';

export type SocialEmbedProps =
  | { provider: 'instagram'; url: string; linkText: string; hideCaption: boolean }
  | { provider: 'tiktok'; url: string; linkText: string; videoId: string | null };

type State = { phase: 'link' } | { phase: 'embed'; html: string | null } | { phase: 'error'; message: string };

interface InstagramGlobal {
  Embeds?: { process?: () => void };
}

const scriptLoads = new Map<string, Promise<void>>();

/** Adds the script once per page; resolves when it ran, rejects when it failed to load. */
export function loadScriptOnce(src: string): Promise<void> {
  const known = scriptLoads.get(src);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`could not load ${src}`)));
    document.head.appendChild(script);
  });
  scriptLoads.set(src, loading);
  return loading;
}

function instagramProcess(): void {
  const instgrm = (window as unknown as { instgrm?: InstagramGlobal }).instgrm;
  instgrm?.Embeds?.process?.();
}

async function fetchInstagramHtml(url: string, hideCaption: boolean, signal: AbortSignal): Promise<string> {
  const request = instagramUrl({ url, hidecaption: hideCaption, maxwidth: INSTAGRAM_DEFAULT_MAX_WIDTH, omitscript: true });
  const response = await fetch(request, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`instagram embed answered ${response.status}`);
  const html = parseInstagramResponse(await response.json());
  if (html === null) throw new Error('instagram embed answered without html');
  return html;
}

export function SocialEmbed(props: SocialEmbedProps) {
  const ref = useRef<HTMLElement>(null);
  const [state, setState] = useState<State>({ phase: 'link' });

  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const controller = new AbortController();
    let started = false;
    const start = (): void => {
      if (started) return;
      started = true;
      if (props.provider === 'instagram') {
        // Script first, then the data (spec 1 §4); a blocked script still shows the blockquote.
        const script = loadScriptOnce(EMBED_SCRIPTS.instagram).catch(() => undefined);
        script
          .then(() => fetchInstagramHtml(props.url, props.hideCaption, controller.signal))
          .then((html) => setState({ phase: 'embed', html }))
          .catch(() => {
            if (!controller.signal.aborted) setState({ phase: 'error', message: EMBED_ERROR_TEXTS.instagram });
          });
      } else if (props.videoId !== null) {
        setState({ phase: 'embed', html: null });
      }
    };
    if (typeof IntersectionObserver === 'undefined') {
      start();
      return () => controller.abort();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          start();
        }
      },
      { rootMargin: ROOT_MARGIN },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      controller.abort();
    };
  }, [props]);

  // After the markup is in the page, let the provider's script upgrade it.
  useEffect(() => {
    if (state.phase !== 'embed') return;
    if (props.provider === 'instagram') instagramProcess();
    else loadScriptOnce(EMBED_SCRIPTS.tiktok).catch(() => undefined);
  }, [state, props.provider]);

  const link = (
    <a href={props.url} target="_blank" rel="noopener noreferrer">
      {props.linkText}
    </a>
  );
  if (state.phase === 'embed' && props.provider === 'instagram' && state.html !== null) {
    // Markup from our own edge endpoint, which keeps only Instagram's blockquote, its links to
    // instagram.com and text (edge-router/plugins/live-instagram.ts sanitizeInstagramHtml).
    return <figure ref={ref} className="embed embed-instagram is-embedded" dangerouslySetInnerHTML={{ __html: state.html }} />;
  }
  if (state.phase === 'embed' && props.provider === 'tiktok' && props.videoId !== null) {
    return (
      <figure ref={ref} className="embed embed-tiktok is-embedded">
        <blockquote className="tiktok-embed" cite={props.url} data-video-id={props.videoId}>
          <section>{link}</section>
        </blockquote>
      </figure>
    );
  }
  return (
    <figure ref={ref} className={`embed embed-${props.provider}`}>
      {link}
      {state.phase === 'error' ? (
        <p className="embed-error" role="status">
          {state.message}
        </p>
      ) : null}
    </figure>
  );
}

function text(props: JsonObject, name: string): string {
  const value = props[name];
  if (typeof value !== 'string' || value === '') throw new IslandPropsError(`SocialEmbed: ${name} must be a non-empty string`);
  return value;
}

/** Post URLs must be https on the provider's own host. */
function providerUrl(props: JsonObject, host: RegExp): string {
  const url = text(props, 'url');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new IslandPropsError('SocialEmbed: url is not a URL');
  }
  if (parsed.protocol !== 'https:' || !host.test(parsed.hostname)) throw new IslandPropsError('SocialEmbed: url is not the provider\'s https address');
  return url;
}

export function parseSocialEmbedProps(props: JsonObject): SocialEmbedProps {
  const linkText = text(props, 'linkText');
  if (props.provider === 'instagram') {
    if (typeof props.hideCaption !== 'boolean') throw new IslandPropsError('SocialEmbed: hideCaption must be a boolean');
    return { provider: 'instagram', url: providerUrl(props, /^(www\.)?instagram\.com$/), linkText, hideCaption: props.hideCaption };
  }
  if (props.provider === 'tiktok') {
    const videoId = props.videoId;
    if (videoId !== null && (typeof videoId !== 'string' || !/^\d{1,30}$/.test(videoId))) throw new IslandPropsError('SocialEmbed: videoId must be digits or null');
    return { provider: 'tiktok', url: providerUrl(props, /^(www\.)?tiktok\.com$/), linkText, videoId };
  }
  throw new IslandPropsError('SocialEmbed: provider must be instagram or tiktok');
}
