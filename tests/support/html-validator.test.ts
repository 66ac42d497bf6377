import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AMP_BOILERPLATE_CSS, AMP_NOSCRIPT_BOILERPLATE_CSS } from './amp-check.js';
import { errorLines, validateHtml, validateHtmlFiles, vnuJarPath } from './html-validator.js';

const GOOD = '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Good</title></head><body><p>Fine.</p></body></html>';
const BAD = '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Bad</title></head><body><p><div>Block in a paragraph</p></div><img src="a.jpg"></body></html>';
const AMP =
  '<!doctype html><html ⚡ lang="en"><head><meta charset="utf-8"><title>AMP</title>' +
  '<link rel="canonical" href="https://www.example.test/a"><meta name="viewport" content="width=device-width">' +
  '<script async src="https://cdn.ampproject.org/v0.js"></script>' +
  '<script async custom-element="amp-sidebar" src="https://cdn.ampproject.org/v0/amp-sidebar-0.1.js"></script>' +
  `<style amp-custom>p{}</style><style amp-boilerplate>${AMP_BOILERPLATE_CSS}</style><noscript><style amp-boilerplate>${AMP_NOSCRIPT_BOILERPLATE_CSS}</style></noscript>` +
  '</head><body><amp-sidebar id="s" layout="nodisplay"></amp-sidebar><button on="tap:s.toggle">Menu</button><p>AMP</p></body></html>';

describe('validateHtml (vnu-jar)', () => {
  it('finds the vnu.jar of the vnu-jar package', () => {
    expect(vnuJarPath()).toMatch(/vnu-jar[/\\]build[/\\]dist[/\\]vnu\.jar$/);
  });

  it('checks many documents in one run, by content and by file, naming each in its messages', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vnu-test-'));
    try {
      const file = join(dir, 'bad-file.html');
      await writeFile(file, BAD);
      const [byContent, byFile] = await Promise.all([
        validateHtml([
          { name: 'news/pages/good/index.html', html: GOOD },
          { name: 'news/pages/bad/index.html', html: BAD },
          { name: 'news/pages/story/amp.html', html: AMP },
        ]),
        validateHtmlFiles([file]),
      ]);
      const errors = errorLines(byContent);
      expect(errors.some((line) => line.startsWith('news/pages/bad/index.html:1:'))).toBe(true);
      expect(errors.join('\n')).toContain('No “p” element in scope but a “p” end tag seen.');
      expect(errors.join('\n')).toContain('An “img” element must have an “alt” attribute');
      expect(errors.filter((line) => line.startsWith('news/pages/good/'))).toEqual([]);
      // AMP's own attributes (⚡, amp-boilerplate, amp-custom, custom-element, on) are filtered.
      expect(errors.filter((line) => line.startsWith('news/pages/story/'))).toEqual([]);
      expect(errorLines(byFile).every((line) => line.startsWith(`${file}:`))).toBe(true);
      expect(errorLines(byFile).length).toBeGreaterThan(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('does not filter AMP attributes in a document that is not AMP', async () => {
    const notAmp = GOOD.replace('<p>Fine.</p>', '<p on="tap:x">Fine.</p>');
    expect(errorLines(await validateHtml([{ name: 'plain', html: notAmp }]))).toEqual([
      'plain:1:92 Attribute “on” not allowed on element “p” at this point.',
    ]);
  });

  it('refuses a path that names no file (a string of HTML passed as a path would otherwise check nothing)', async () => {
    await expect(validateHtmlFiles([GOOD])).rejects.toThrow(/no such file: <!DOCTYPE html>/);
  });

  it('answers an empty list for no documents without starting Java', async () => {
    expect(await validateHtml([])).toEqual([]);
  });
});
