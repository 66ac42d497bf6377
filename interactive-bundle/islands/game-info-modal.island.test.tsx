/**
 * The game info modal's server markup and props check (spec 2 §2 game page). Its
 * behaviour in a browser (open, scroll lock, Escape, focus) is tests/e2e/game-page.test.ts.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { uiText } from '../../core/isomorphic/ui-text.js';
import { IslandPropsError } from '../island-props.js';
import { GameInfoModal, parseGameInfoModalProps } from './game-info-modal.island.js';

describe('GameInfoModal server markup', () => {
  const html = renderToString(<GameInfoModal gameTitle="Word Search" paragraphs={['Find every hidden word.', '<b>Words</b> run in any direction.']} />);

  it('renders the opener hidden until hydrated, and a closed modal dialog labelled by its heading', () => {
    expect(html).toMatch(/<button type="button" class="game-info-open" hidden="" aria-haspopup="dialog">How to Play<\/button>/);
    const labelledBy = /aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(labelledBy).toBeTruthy();
    expect(html).toContain(`<h2 id="${labelledBy}">`);
    expect(html).toMatch(/<dialog class="game-info-dialog" aria-modal="true"/);
    expect(html).not.toMatch(/<dialog[^>]* open/);
    expect(html).toContain(`>${uiText('news').close}</button>`);
  });

  it('shows the paragraphs as text, never as markup', () => {
    expect(html).toContain('<p>Find every hidden word.</p>');
    expect(html).toContain('<p>&lt;b&gt;Words&lt;/b&gt; run in any direction.</p>');
  });

  it('renders the edition\'s texts: Spanish for es, English when the site is news or absent', () => {
    const es = renderToString(<GameInfoModal gameTitle="Sopa de letras" paragraphs={['Encuentre las palabras.']} site="es" />);
    expect(es).toMatch(/<button type="button" class="game-info-open" hidden="" aria-haspopup="dialog">Cómo jugar<\/button>/);
    expect(es).toMatch(/<h2 id="[^"]+">Cómo jugar<!-- -->: <!-- -->Sopa de letras<\/h2>/);
    expect(es).toContain('>Cerrar</button>');
    expect(es).not.toContain('How to Play');
    expect(es).not.toContain('>Close<');
    expect(renderToString(<GameInfoModal gameTitle="Word Search" paragraphs={[]} site="news" />)).toContain('>How to Play</button>');
  });
});

describe('parseGameInfoModalProps', () => {
  it('accepts a title and text paragraphs and rejects anything else', () => {
    expect(parseGameInfoModalProps({ gameTitle: 'Sudoku', paragraphs: ['One.'] })).toEqual({ gameTitle: 'Sudoku', paragraphs: ['One.'] });
    expect(parseGameInfoModalProps({ gameTitle: 'Sudoku', paragraphs: [], site: 'es' })).toEqual({ gameTitle: 'Sudoku', paragraphs: [], site: 'es' });
    expect(() => parseGameInfoModalProps({ gameTitle: 'Sudoku', paragraphs: [], site: 'fr' })).toThrow(IslandPropsError);
    expect(() => parseGameInfoModalProps({ paragraphs: [] })).toThrow(IslandPropsError);
    expect(() => parseGameInfoModalProps({ gameTitle: ' ', paragraphs: [] })).toThrow(IslandPropsError);
    expect(() => parseGameInfoModalProps({ gameTitle: 'Sudoku', paragraphs: [1] })).toThrow(IslandPropsError);
    expect(() => parseGameInfoModalProps({ gameTitle: 'Sudoku', paragraphs: 'One.' })).toThrow(IslandPropsError);
  });
});
