import { describe, expect, it } from 'vitest';
import { SITE_IDS } from './sites.js';
import { SOCIAL_NETWORKS, SOCIAL_NETWORK_INFO, socialLinks, socialUrl } from './social.js';

describe('footer social networks (spec 1 §2.3)', () => {
  it('are Facebook, Twitter, Instagram, RSS, Newsletters, in that order', () => {
    expect(SOCIAL_NETWORKS.map((network) => SOCIAL_NETWORK_INFO[network].label)).toEqual(['Facebook', 'Twitter', 'Instagram', 'RSS', 'Newsletters']);
  });

  it('give every site all five links, the Spanish edition its newsletters page in Spanish', () => {
    for (const site of SITE_IDS) expect(socialLinks(site).map((link) => link.network)).toEqual([...SOCIAL_NETWORKS]);
    expect(socialLinks('news').map((link) => link.label)).toEqual(['Facebook', 'Twitter', 'Instagram', 'RSS', 'Newsletters']);
    expect(socialLinks('es').map((link) => link.label)).toEqual(['Facebook', 'Twitter', 'Instagram', 'RSS', 'Boletines']);
    expect(socialLinks('news').map((link) => link.url)).toEqual([
      'https://www.facebook.com/FoxNews',
      'https://twitter.com/FoxNews',
      'https://www.instagram.com/foxnews',
      '/rss/us.xml',
      '/newsletters',
    ]);
  });
});

describe('socialUrl: "accepted if it looks like a web address, otherwise the base address is prepended"', () => {
  it('prepends each network’s base address to a handle', () => {
    expect(socialUrl('facebook', 'FoxNews')).toBe('https://www.facebook.com/FoxNews');
    expect(socialUrl('twitter', 'foxnews')).toBe('https://twitter.com/foxnews');
    expect(socialUrl('instagram', 'foxnews')).toBe('https://www.instagram.com/foxnews');
    expect(socialUrl('rss', 'about/rss')).toBe('/about/rss');
    expect(socialUrl('newsletters', 'newsletters')).toBe('/newsletters');
  });

  it('drops a leading @ or slash before prepending, and trims', () => {
    expect(socialUrl('twitter', '@foxnews')).toBe('https://twitter.com/foxnews');
    expect(socialUrl('instagram', '  /foxnews  ')).toBe('https://www.instagram.com/foxnews');
    expect(socialUrl('newsletters', '/newsletters')).toBe('/newsletters');
  });

  it('accepts full web addresses as they are, on any host', () => {
    expect(socialUrl('facebook', 'https://www.facebook.com/FoxNews')).toBe('https://www.facebook.com/FoxNews');
    expect(socialUrl('twitter', 'http://twitter.com/foxnews')).toBe('http://twitter.com/foxnews');
    expect(socialUrl('rss', 'https://moxie.foxnews.com/google-publisher/latest.xml')).toBe('https://moxie.foxnews.com/google-publisher/latest.xml');
    expect(socialUrl('twitter', 'HTTPS://X.COM/FoxNews')).toBe('https://x.com/FoxNews');
  });

  it('treats protocol-less www. and // addresses as web addresses, over https', () => {
    expect(socialUrl('facebook', 'www.facebook.com/FoxNews')).toBe('https://www.facebook.com/FoxNews');
    expect(socialUrl('instagram', 'WWW.instagram.com/foxnews/')).toBe('https://www.instagram.com/foxnews/');
    expect(socialUrl('twitter', '//twitter.com/foxnews')).toBe('https://twitter.com/foxnews');
  });

  it('leaves out blank values', () => {
    expect(socialUrl('facebook', '')).toBeUndefined();
    expect(socialUrl('facebook', '   ')).toBeUndefined();
    expect(socialUrl('twitter', '@')).toBeUndefined();
  });

  const HOSTILE = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(document.cookie)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'javascript://www.facebook.com/%0Aalert(1)',
    '"><script>alert(1)</script>',
    '..//evil.example',
    '\\\\evil.example',
    '/\\evil.example',
    'https://',
    'http://javascript:alert(1)',
    'www.',
    '\uD800',
  ];

  it.each(SOCIAL_NETWORKS)('never lets a hostile value choose the scheme or host (%s)', (network) => {
    const base = SOCIAL_NETWORK_INFO[network].base;
    for (const value of HOSTILE) {
      const url = socialUrl(network, value);
      if (url === undefined) continue;
      expect(url, value).not.toMatch(/^\s*(javascript|data|vbscript):/i);
      expect(url, value).not.toMatch(/["<>\s\\]/);
      if (!/^(https?:|www\.|\/\/)/i.test(value.trim())) {
        // Not a web address: the result is the network's base address plus the value, same host.
        expect(url.startsWith(base), value).toBe(true);
        expect(url.startsWith('//'), value).toBe(false);
      }
    }
  });

  it('rejects web addresses that do not parse', () => {
    expect(socialUrl('facebook', 'https://')).toBeUndefined();
    expect(socialUrl('facebook', 'www.')).toBeUndefined();
    expect(socialUrl('facebook', 'https://localhost/')).toBeUndefined();
  });
});
