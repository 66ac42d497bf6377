/** findClobbering (clobbering.ts) finds what it promises and passes a clean page. */
import { describe, expect, it } from 'vitest';
import { findClobbering } from './clobbering.js';

describe('findClobbering', () => {
  it('passes a page whose ids are unique and whose island props are JSON scripts', () => {
    const html = '<html><body><div data-island="X" data-island-props="island-props-R1"></div><script type="application/json" id="island-props-R1">{}</script><img name="hero" src="a.png"><p id="top">x</p></body></html>';
    expect(findClobbering(html)).toEqual([]);
  });

  it('finds a duplicate id, a hijacked island-props id and a shadowed document property', () => {
    const html =
      '<div id="island-props-R1">{"evil":true}</div><script type="application/json" id="island-props-R1">{}</script>' +
      '<img name="cookie" src="x.png"><form id="getElementById"></form><p id="a"></p><span id="a"></span>';
    const problems = findClobbering(html);
    expect(problems).toContain('island props id "island-props-R1" on <div>');
    expect(problems).toContain('id "island-props-R1" used twice (second on <script>)');
    expect(problems).toContain('<img name="cookie"> shadows document.cookie');
    expect(problems).toContain('<form id="getElementById"> shadows document.getElementById');
    expect(problems).toContain('id "a" used twice (second on <span>)');
  });
});
