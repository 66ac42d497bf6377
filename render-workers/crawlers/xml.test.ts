import { describe, expect, it } from 'vitest';
import { parseXml, textOf, XmlError } from './test-helpers.js';
import { element, parseDate, rfc822, stripInvalidXmlChars, w3cDateTime, xmlAttribute, xmlText, XML_DECLARATION } from './xml.js';

const HOSTILE = 'A <script>alert(1)</script> & "B" \'C\' ]]> \u0000\u0001\u0008\u000B\u000C\u001F\uFFFE\uFFFF\uD800 end\ttab\nline';

describe('xml escaping', () => {
  it('escapes markup characters and removes characters XML 1.0 cannot carry', () => {
    expect(xmlText('<a> & ]]>')).toBe('&lt;a&gt; &amp; ]]&gt;');
    expect(xmlAttribute(`"x" 'y' <&>`)).toBe('&quot;x&quot; &apos;y&apos; &lt;&amp;&gt;');
    expect(stripInvalidXmlChars('a\u0000b\u0007c\td\ne\rf\uFFFEg')).toBe('abc\td\ne\rfg');
    // A paired surrogate (an emoji) is kept; a lone one is removed.
    expect(stripInvalidXmlChars('\uD83D\uDE00 \uDE00 \uD83D')).toBe('\uD83D\uDE00  ');
  });

  it('keeps a hostile string well-formed and reading back as its text minus the forbidden characters', () => {
    const xml = `${XML_DECLARATION}\n<root>${element('t', HOSTILE)}<u a="${xmlAttribute(HOSTILE)}"/></root>`;
    const root = parseXml(xml);
    expect(textOf(root)).toBe('A <script>alert(1)</script> & "B" \'C\' ]]>  end\ttab\nline');
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain(']]>');
  });
});

describe('the strict XML check used by the tests', () => {
  it.each([
    ['an unescaped ampersand', '<r>a & b</r>'],
    ['a raw "<"-free but unclosed element', '<r><a></r>'],
    ['two roots', '<r/><s/>'],
    ['a control character', '<r>\u0001</r>'],
    ['"]]>" in text', '<r>]]></r>'],
    ['an unknown entity', '<r>&nbsp;</r>'],
    ['text outside the root', '<r/>junk'],
  ])('refuses %s', (_label, body) => {
    expect(() => parseXml(`${XML_DECLARATION}\n${body}`)).toThrow(XmlError);
  });
});

describe('dates', () => {
  it('formats RFC 822 and W3C date-times in UTC', () => {
    const date = new Date('2025-03-18T13:05:00Z');
    expect(rfc822(date)).toBe('Tue, 18 Mar 2025 13:05:00 GMT');
    expect(w3cDateTime(date)).toBe('2025-03-18T13:05:00Z');
  });

  it('reads no date from drafts (all zeros), blanks or garbage', () => {
    expect(parseDate('0000-00-00T00:00:00Z')).toBeNull();
    expect(parseDate('')).toBeNull();
    expect(parseDate(undefined)).toBeNull();
    expect(parseDate('yesterday')).toBeNull();
    expect(parseDate('2025-03-18T09:05:00-04:00')?.toISOString()).toBe('2025-03-18T13:05:00.000Z');
  });
});
