/**
 * Builds the shell and head models every page shares (spec 1 §2.3, §7, §8): the four nav menus and
 * the legal links, each link checked, and the copyright year from the render clock.
 */
import { DEFAULT_ROBOTS, TWITTER_CARD } from '../../core/isomorphic/constants.js';
import { easternYear } from '../../core/isomorphic/relative-time.js';
import type { SiteInfo } from '../../core/isomorphic/sites.js';
import type { UpstreamClient } from '../../core/upstream/client.js';
import type { MenuItem } from '../../core/upstream/schemas.js';
import type { Alternate, FeedLink, HeadModel, MenuEntry, ShellModel } from './view-model.js';
import { safeLinks } from './links.js';
import { deriveShared, deriveSharedAll } from './derived.js';

export interface ShellContext {
  site: SiteInfo;
  scripts: string[];
  now: Date;
  /** The page on every edition (hreflang alternates, render-workers/shared/alternates.ts). */
  alternates?: Alternate[];
}


/** #rgb, #rgba, #rrggbb or #rrggbbaa: the only `color` values a menu item may carry into a style. */
const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The menu item's colour if it is a valid CSS hex colour (spec 1 §3 Menu item `color`). */
/** A CSS hex colour from upstream (menu items, sponsor wings), or undefined when it is not one. */
export function cssHexColor(color: string | undefined | null): string | undefined {
  const trimmed = color?.trim();
  return trimmed !== undefined && HEX_COLOR.test(trimmed) ? trimmed : undefined;
}

/** Menu item colours (spec 1 §3 Menu item `color`). */
export const menuColor = cssHexColor;

function toMenuEntries(items: readonly MenuItem[]): MenuEntry[] {
  return safeLinks(items).map((item) => {
    const color = menuColor(item.color);
    return {
      name: item.name,
      url: item.url,
      subsections: safeLinks(item.subsections).map((sub) => ({ name: sub.name, url: sub.url })),
      ...(color === undefined ? {} : { color }),
      ...(item.isMobile ? { isMobile: true } : {}),
    };
  });
}

/** Menus and legal links never fail a page: the client logs and returns empty lists (spec 1 §8). */
export async function loadShell(
  client: UpstreamClient,
  context: ShellContext,
  active: { topicUrl?: string; sectionUrl?: string } = {},
): Promise<ShellModel> {
  const [menus, legal] = await Promise.all([client.getNavMenus(), client.getLegalLinks()]);
  return {
    site: context.site,
    // Once per kept answers (shared/derived.ts): every page of a wave shows the same menus, the
    // same object, which the header's render is kept beside (shell/header.tsx).
    menus: deriveSharedAll([menus.header, menus.more, menus.mobile, menus.topics], 'menu-entries', () => ({
      header: toMenuEntries(menus.header),
      more: toMenuEntries(menus.more),
      mobile: toMenuEntries(menus.mobile),
      topics: toMenuEntries(menus.topics),
    })),
    legalLinks: deriveShared(legal, 'legal-links', () => safeLinks(legal).map((link) => ({ name: link.name, url: link.url }))),
    ...(active.topicUrl === undefined ? {} : { activeTopicUrl: active.topicUrl }),
    ...(active.sectionUrl === undefined ? {} : { activeSectionUrl: active.sectionUrl }),
    // The year in US Eastern, the site's time zone (spec 1 §9), not UTC's.
    year: easternYear(context.now),
    scripts: context.scripts,
    ...(context.alternates === undefined || context.alternates.length === 0 ? {} : { alternates: context.alternates }),
  };
}

export interface HeadInput {
  site: SiteInfo;
  /** Title before the site-name suffix. */
  title: string;
  /** False for the games section, whose pages use their (meta) title alone (spec 1 §2.5). Default true. */
  siteSuffix?: boolean;
  description: string;
  canonicalUrl: string;
  noIndex?: boolean;
  noFollow?: boolean;
  imageUrl?: string;
  ogType?: 'article' | 'website';
  /** JSON-LD objects for the head (null entries, such as a breadcrumb list too short to show, are dropped). */
  structuredData?: readonly (object | null)[];
  feeds?: readonly FeedLink[];
}

/** Robots: the spec's default unless the content asks for noindex or nofollow (spec 1 §9). */
export function robotsFor(noIndex: boolean, noFollow: boolean): string {
  if (!noIndex && !noFollow) return DEFAULT_ROBOTS;
  return `${noIndex ? 'noindex' : 'index'}, ${noFollow ? 'nofollow' : 'follow'}`;
}

/** Title rule (spec 1 §2.4, §2.5): the meta title or title, plus the site-name suffix (not for games). */
export function buildHead(input: HeadInput): HeadModel {
  return {
    title: input.siteSuffix === false ? input.title : `${input.title}${input.site.titleSuffix}`,
    description: input.description,
    canonicalUrl: input.canonicalUrl,
    robots: robotsFor(input.noIndex ?? false, input.noFollow ?? false),
    twitterCard: TWITTER_CARD,
    ogType: input.ogType ?? 'website',
    ...(input.imageUrl === undefined ? {} : { imageUrl: input.imageUrl }),
    ...structuredDataOf(input.structuredData),
    ...(input.feeds === undefined || input.feeds.length === 0 ? {} : { feeds: input.feeds }),
  };
}

function structuredDataOf(items: readonly (object | null)[] | undefined): { structuredData?: object[] } {
  const kept = (items ?? []).filter((item): item is object => item !== null);
  return kept.length === 0 ? {} : { structuredData: kept };
}

/** Canonical URL on this deployment's public origin for a page path. */
export function canonicalFor(publicOrigin: string, path: string): string {
  return path === '/' ? `${publicOrigin}/` : `${publicOrigin}${path}`;
}
