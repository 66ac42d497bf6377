import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERRORS, isPlatformError, PlatformError, type ErrorSpec } from './errors.js';

interface DocRow {
  code: string;
  status: number;
  expose: boolean;
  retry: boolean;
  meaning: string;
}

/** Reads the code table from docs/errors.md: `| \`CODE\` | status | yes/no | yes/no | meaning |`. */
function readDocTable(): DocRow[] {
  const markdown = readFileSync(new URL('../docs/errors.md', import.meta.url), 'utf8');
  const rows: DocRow[] = [];
  for (const line of markdown.split('\n')) {
    const match = /^\|\s*`([A-Z_]+)`\s*\|\s*(\d{3})\s*\|\s*(yes|no)\s*\|\s*(yes|no)\s*\|\s*(.+?)\s*\|\s*$/.exec(line);
    if (!match) continue;
    const [, code = '', status = '', expose = '', retry = '', meaning = ''] = match;
    rows.push({ code, status: Number(status), expose: expose === 'yes', retry: retry === 'yes', meaning });
  }
  return rows;
}

describe('error catalogue', () => {
  const rows = readDocTable();

  it('docs/errors.md lists exactly the codes in ERRORS, once each', () => {
    const documented = rows.map((row) => row.code);
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual(Object.keys(ERRORS).sort());
  });

  it('docs/errors.md gives each code the same status, exposure and retry flags, and a meaning', () => {
    for (const row of rows) {
      // Widening, not narrowing: a documented code missing from ERRORS reads as undefined.
      const catalogue: Readonly<Record<string, ErrorSpec | undefined>> = ERRORS;
      const spec = catalogue[row.code];
      if (!spec) throw new Error(`docs/errors.md documents ${row.code}, which is not in ERRORS`);
      expect({ code: row.code, status: row.status, expose: row.expose, retry: row.retry }).toEqual({
        code: row.code,
        status: spec.status,
        expose: spec.expose,
        retry: spec.retry,
      });
      expect(row.meaning.length).toBeGreaterThan(10);
    }
  });

  it('every entry is keyed by its own code', () => {
    for (const [key, spec] of Object.entries(ERRORS)) expect(spec.code).toBe(key);
  });

  it('PlatformError carries the catalogue flags, details and cause', () => {
    const cause = new Error('socket hang up');
    const error = new PlatformError('STORAGE_FAILED', 'could not read', { cause, details: { key: 'k' } });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('PlatformError');
    expect(error.message).toBe('could not read');
    expect([error.code, error.status, error.expose, error.retry]).toEqual(['STORAGE_FAILED', 503, false, true]);
    expect(error.details).toEqual({ key: 'k' });
    expect(error.cause).toBe(cause);
    expect(new PlatformError('INVALID_PATH', 'bad').cause).toBeUndefined();
  });

  it('isPlatformError checks the class and, when given, the code', () => {
    const error = new PlatformError('INVALID_PATH', 'bad');
    expect(isPlatformError(error)).toBe(true);
    expect(isPlatformError(error, 'INVALID_PATH')).toBe(true);
    expect(isPlatformError(error, 'STORAGE_FAILED')).toBe(false);
    expect(isPlatformError(new Error('x'))).toBe(false);
    expect(isPlatformError({ code: 'INVALID_PATH' })).toBe(false);
  });
});
