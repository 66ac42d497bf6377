import { describe, expect, it } from 'vitest';
import { translateJsonBody, translationFor } from './translation.js';

const es = translationFor('es-419,en;q=0.5', '/api/tag');

describe('the sample upstream Spanish answers', () => {
  it('is asked for by accept-language or the lang flag; English needs no table', () => {
    expect(es).not.toBeNull();
    expect(translationFor(undefined, '/api/tag?lang=es')).not.toBeNull();
    expect(translationFor('en-US,es;q=0.2', '/api/tag')).toBeNull();
  });

  it('translates exact texts and tag-front titles around a translated tag, never identifiers', () => {
    if (es === null) throw new Error('no Spanish table');
    const body = JSON.parse(translateJsonBody(JSON.stringify({ title: 'Space', metaTitle: 'Space News', slug: 'Space', other: 'Unknown Tag News' }), es)) as Record<string, string>;
    expect(body).toEqual({ title: 'Espacio', metaTitle: 'Noticias de Espacio', slug: 'Space', other: 'Unknown Tag News' });
  });
});
