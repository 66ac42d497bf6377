import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { initialsOf, PersonHeadshot } from './person-page.js';

describe('a person card without a headshot', () => {
  it('shows the first and last initials in its place, hidden from screen readers (the name follows)', () => {
    expect(initialsOf('Grace Holloway')).toBe('GH');
    expect(initialsOf('  maría  josé de la   Cruz ')).toBe('MC');
    expect(initialsOf('Cher')).toBe('C');
    expect(initialsOf('Émile Zola')).toBe('ÉZ');
    expect(initialsOf('')).toBe('');
    expect(renderToStaticMarkup(<PersonHeadshot name="James Park" src={undefined} />)).toBe('<span class="person-headshot person-initials" aria-hidden="true">JP</span>');
  });

  it('shows the headshot when there is one, named by the person, over the initials that show if it fails to load', () => {
    // (React adds a preload link for an eager image rendered alone; on a page it goes to the head.)
    expect(renderToStaticMarkup(<PersonHeadshot name="Lena Okafor" src="https://img.example.com/lena.jpg" />)).toContain(
      '<span class="person-headshot person-initials person-photo"><span aria-hidden="true">LO</span><img class="person-headshot" src="https://img.example.com/lena.jpg" alt="Lena Okafor" width="120" height="120"/></span>',
    );
  });
});
