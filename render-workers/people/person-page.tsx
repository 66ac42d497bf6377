/**
 * The person page (spec 2 §4): the person card (headshot, name, title, bio, social links, Read More
 * when there is more than one content block) and the layout regions pre-content, left rail, main,
 * right rail and post-content (spec 2 §2), stacked in that order. The card is also
 * used by the persons list, collapsed to its link.
 */
import { Island } from '../../interactive-bundle/island.js';
import { JsonLd } from '../shared/structured-data/news-article.js';
import { LeftRail, Region } from '../shared/front-components.js';
import { FRONT_CSS } from '../shared/section-front-page.js';
import type { FrontComponent, FrontRegions } from '../shared/front-view-model.js';
import { toInlineNodes, type PersonSocialLink } from './person-rules.js';
import { Document } from '../shell/document.js';
import type { HeadModel, ShellModel } from '../shared/view-model.js';
import { useUiText } from '../shell/ui-text-context.js';
import { fillText } from '../../core/isomorphic/ui-text.js';

export const PERSON_CSS = [
  // The text keeps its column whether the headshot is there, missing (initials) or hidden after
  // failing to load, so the names of a list line up.
  '.person-card{display:grid;grid-template-columns:120px minmax(0,1fr);gap:16px;margin-bottom:24px}',
  '.person-card>:last-child{grid-column:2}',
  '.person-card .person-headshot{width:120px;height:120px;border-radius:50%;object-fit:cover}',
  '.person-card .person-initials{display:flex;align-items:center;justify-content:center;background:var(--surface);color:var(--muted);font-size:var(--fs-2xl);font-weight:700}',
  // A headshot lies over the initials: when it fails to load, the platform hides it and the
  // initials show in its place, not an empty circle.
  '.person-card .person-photo{position:relative;overflow:hidden}',
  '.person-card .person-photo .person-headshot{position:absolute;inset:0}',
  '.person-card .person-title{color:var(--accent);font-weight:700;margin:.2em 0}',
  '.person-social{list-style:none;padding:0;display:flex;gap:12px}',
  '.persons-list{list-style:none;padding:0;display:grid;gap:16px}',
].join('');

export interface PersonCardView {
  name: string;
  title?: string;
  headshot?: string;
  /** Allow-listed HTML, cut to 250 characters. */
  bio: string;
  social: PersonSocialLink[];
  /** Allow-listed HTML of each content block. */
  blocks: string[];
  /** Spec 2 §4: more than one content block. */
  readMore: boolean;
}

/** Up to two initials of a name ("Grace Holloway": GH), for a person without a headshot. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const picked = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return picked.map((word) => [...(word ?? '')][0]?.toLocaleUpperCase() ?? '').join('');
}

/**
 * The headshot over the person's initials, or the initials alone, so every card of a list has the
 * same shape, and a headshot that fails to load (hidden by the platform's image fallback) leaves
 * the initials, not an empty circle.
 */
export function PersonHeadshot({ name, src }: { name: string; src: string | undefined }) {
  return src ? (
    <span className="person-headshot person-initials person-photo">
      <span aria-hidden="true">{initialsOf(name)}</span>
      <img className="person-headshot" src={src} alt={name} width={120} height={120} />
    </span>
  ) : (
    <span className="person-headshot person-initials" aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}

export function PersonCard({ person, headingLevel }: { person: PersonCardView; headingLevel: 'h1' | 'h2' }) {
  const Heading = headingLevel;
  const text = useUiText();
  const [first, ...rest] = person.blocks;
  return (
    <section className="person-card">
      <PersonHeadshot name={person.name} src={person.headshot} />
      <div className="person-details">
        <Heading className="person-name">{person.name}</Heading>
        {person.title ? <p className="person-title">{person.title}</p> : null}
        {person.bio ? <div className="person-bio" dangerouslySetInnerHTML={{ __html: person.bio }} /> : null}
        {person.social.length > 0 ? (
          <ul className="person-social" aria-label={fillText(text.onSocialMedia, { name: person.name })}>
            {person.social.map((link) => (
              <li key={link.network}>
                <a href={link.url} rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {first !== undefined ? <div className="person-content-block" dangerouslySetInnerHTML={{ __html: first }} /> : null}
        {person.readMore ? <Island name="PersonReadMore" props={{ blocks: rest.map(toInlineNodes) }} /> : null}
      </div>
    </section>
  );
}

export interface PersonPageProps {
  head: HeadModel;
  shell: ShellModel;
  person: PersonCardView;
  regions: FrontRegions;
  /** The layout's left rail (spec 2 §2), empty by default. */
  leftRail?: FrontComponent[];
  structuredData: unknown;
}

export function PersonPage({ head, shell, person, regions, leftRail = [], structuredData }: PersonPageProps) {
  return (
    <Document
      head={head}
      shell={shell}
      bodyClass="page-person"
      extraHead={
        <>
          <style dangerouslySetInnerHTML={{ __html: FRONT_CSS + PERSON_CSS }} />
          <JsonLd data={structuredData} />
        </>
      }
    >
      <div className="person-page front">
        <Region name="pre-content" components={regions.preContent} />
        <PersonCard person={person} headingLevel="h1" />
        <LeftRail components={leftRail} />
        <Region name="main-components" components={regions.main} />
        <Region name="right-rail" components={regions.rightRail} as="aside" />
        <Region name="post-content" components={regions.postContent} />
      </div>
    </Document>
  );
}
