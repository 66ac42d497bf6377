/**
 * The persons list (spec 2 §2 /personalities and /person/personalities) inside the "On Air
 * Personalities" page shell (spec 1 §2.3): each person's headshot, name and title, linked to the
 * person page.
 */
import { Document } from '../shell/document.js';
import type { HeadModel, ShellModel } from '../shared/view-model.js';
import { PERSON_CSS, PersonHeadshot } from './person-page.js';

export interface PersonListItem {
  name: string;
  title?: string;
  headshot?: string;
  url: string;
}

export interface PersonsListPageProps {
  head: HeadModel;
  shell: ShellModel;
  heading: string;
  persons: PersonListItem[];
}

export function PersonsListPage({ head, shell, heading, persons }: PersonsListPageProps) {
  return (
    <Document head={head} shell={shell} bodyClass="page-personalities" extraHead={<style dangerouslySetInnerHTML={{ __html: PERSON_CSS }} />}>
      <article className="static-page persons">
        <h1>{heading}</h1>
        <ul className="persons-list">
          {persons.map((person) => (
            <li key={person.url} className="person-card">
              <PersonHeadshot name={person.name} src={person.headshot} />
              <div>
                <h2 className="person-name">
                  <a href={person.url}>{person.name}</a>
                </h2>
                {person.title ? <p className="person-title">{person.title}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      </article>
    </Document>
  );
}
