import { describe, expect, it } from 'vitest';
import {
  BIO_MAX_CHARS,
  cutHtml,
  hasPersonPageRole,
  hasReadMore,
  personBio,
  personCanonicalPath,
  personContentBlocks,
  personRouteParams,
  personSocialLinks,
  PERSON_DESCRIPTION_TAGS,
  PERSON_ROLE_ERROR,
  sanitizePersonDescription,
  toInlineNodes,
} from './person-rules.js';

describe('person rules (spec 2 §4, §5)', () => {
  it('gives a person page only to Author and Personality, with the spec message otherwise', () => {
    expect(PERSON_ROLE_ERROR).toBe("Person doesn't have a Author or Personality Role.");
    expect(hasPersonPageRole({ role: 'Author' })).toBe(true);
    expect(hasPersonPageRole({ role: 'Personality' })).toBe(true);
    expect(hasPersonPageRole({ role: 'Contributor' })).toBe(false);
    expect(hasPersonPageRole({ role: 'author' })).toBe(false);
  });

  it('needs both p and slug', () => {
    expect(personRouteParams('/person/h/grace-holloway')).toEqual({ p: 'h', slug: 'grace-holloway' });
    expect(personRouteParams('/person/grace-holloway')).toBeNull();
    expect(personRouteParams('/person/h/grace-holloway/extra')).toBeNull();
    expect(personRouteParams('/people/h/grace-holloway')).toBeNull();
  });

  it('allows only br, strong, em, u, s, b, i, a, p in descriptions', () => {
    expect(PERSON_DESCRIPTION_TAGS).toEqual(['br', 'strong', 'em', 'u', 's', 'b', 'i', 'a', 'p']);
    const html = '<p>A <strong>b</strong> <em>c</em> <u>d</u> <s>e</s> <b>f</b> <i>g</i><br><a href="https://x.test/" onclick="x()">h</a></p>';
    expect(sanitizePersonDescription(html)).toBe('<p>A <strong>b</strong> <em>c</em> <u>d</u> <s>e</s> <b>f</b> <i>g</i><br /><a href="https://x.test/">h</a></p>');
    expect(sanitizePersonDescription('<div><span>x</span><script>alert(1)</script><img src="y"></div><a href="javascript:alert(1)">z</a>')).toBe('x<a>z</a>');
  });

  it('cuts the bio to 250 characters of text without leaving a tag open', () => {
    expect(BIO_MAX_CHARS).toBe(250);
    const long = `<p>${'a'.repeat(100)}<strong>${'b'.repeat(200)}</strong>tail</p>`;
    const cut = cutHtml(long);
    expect(cut).toBe(`<p>${'a'.repeat(100)}<strong>${'b'.repeat(150)}</strong></p>`);
    expect(cutHtml('<p>short &amp; sweet</p>')).toBe('<p>short &amp; sweet</p>');
    expect(cutHtml('ab&amp;cd', 3)).toBe('ab&amp;');
    const bio = personBio({ shortBio: `<p>${'word '.repeat(80)}</p>` });
    expect(bio.replace(/<[^>]+>/g, '')).toHaveLength(250);
    expect(bio.endsWith('</p>')).toBe(true);
  });

  it('takes the canonical path from the canonical URL', () => {
    expect(personCanonicalPath({ canonicalUrl: 'https://www.foxnews.com/person/h/grace-holloway' })).toBe('/person/h/grace-holloway');
    expect(personCanonicalPath({ canonicalUrl: '/person/h/grace-holloway/' })).toBe('/person/h/grace-holloway');
    expect(personCanonicalPath({})).toBeNull();
  });

  it('builds social links with the footer URL rule, never letting a value choose its scheme', () => {
    expect(personSocialLinks({ twitter: 'example', facebook: 'https://www.facebook.com/x', instagram: 'javascript:alert(1)', myspace: 'x' })).toEqual([
      { network: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/x' },
      { network: 'twitter', label: 'Twitter', url: 'https://twitter.com/example' },
      { network: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/javascript:alert(1)' },
    ]);
    expect(personSocialLinks({ twitter: '  ' })).toEqual([]);
  });

  it('shows Read More only when there is more than one content block', () => {
    expect(hasReadMore([])).toBe(false);
    expect(hasReadMore([{ model: { text: 'a' } }])).toBe(false);
    expect(hasReadMore([{ model: { text: 'a' } }, 'b'])).toBe(true);
    expect(personContentBlocks([{ model: { text: '<em>a</em><script>x</script>' } }, 'b', 42])).toEqual(['<em>a</em>', 'b', '']);
  });

  it('turns an allow-listed block into the node tree of the Read More island, entities decoded', () => {
    const html = sanitizePersonDescription('<p>Tom &amp; Jerry <a href="https://x.test/?a=1&amp;b=2">link</a><br>line <em>two</em><span>!</span></p>');
    expect(toInlineNodes(html)).toEqual([
      {
        tag: 'p',
        href: null,
        children: ['Tom & Jerry ', { tag: 'a', href: 'https://x.test/?a=1&b=2', children: ['link'] }, { tag: 'br', href: null, children: [] }, 'line ', { tag: 'em', href: null, children: ['two'] }, '!'],
      },
    ]);
    expect(toInlineNodes(sanitizePersonDescription('&lt;script&gt;alert(1)&lt;/script&gt;'))).toEqual(['<script>alert(1)</script>']);
  });
});
