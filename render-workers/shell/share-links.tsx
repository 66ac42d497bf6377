/**
 * Share links: Facebook, X and email, for the page's canonical URL. Plain links (no third-party
 * script), opened in a new tab except email. Used by the game page's social icons (spec 2 §2, only
 * for games with share permission) and the standard article's sticky left sidebar (spec 1 §2.6).
 */
import type { UiText } from '../../core/isomorphic/ui-text.js';

export interface ShareLink {
  network: 'facebook' | 'twitter' | 'email';
  label: string;
  url: string;
}

const GLYPHS: Record<ShareLink['network'], string> = { facebook: 'f', twitter: 'X', email: '@' };

export function shareLinks(url: string, title: string, text: Pick<UiText, 'shareOnFacebook' | 'shareOnX' | 'shareByEmail'>): ShareLink[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { network: 'facebook', label: text.shareOnFacebook, url: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'twitter', label: text.shareOnX, url: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { network: 'email', label: text.shareByEmail, url: `mailto:?subject=${t}&body=${u}` },
  ];
}

/** The links as a list of round icons, each named for screen readers by its label. */
export function ShareList({ links, className, label }: { links: readonly ShareLink[]; className: string; label: string }) {
  return (
    <ul className={className} aria-label={label}>
      {links.map((link) => (
        <li key={link.network}>
          <a href={link.url} aria-label={link.label} {...(link.network === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
            <span aria-hidden="true">{GLYPHS[link.network]}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
