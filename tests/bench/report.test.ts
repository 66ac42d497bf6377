import { describe, expect, it } from 'vitest';
import { figure, quantile, renderTable, summarise } from './report.js';

describe('bench report', () => {
  it('summarises samples as median, min and max', () => {
    expect(summarise([5, 1, 3])).toEqual({ median: 3, min: 1, max: 5, runs: 3 });
    expect(summarise([4, 1, 3, 2])).toEqual({ median: 2.5, min: 1, max: 4, runs: 4 });
    expect(() => summarise([])).toThrow();
  });

  it('takes nearest-rank quantiles', () => {
    const samples = Array.from({ length: 200 }, (_, i) => i + 1);
    expect(quantile(samples, 0.5)).toBe(100);
    expect(quantile(samples, 0.95)).toBe(190);
    expect(quantile(samples, 0.99)).toBe(198);
  });

  it('prints a table with a header and each figure', () => {
    const table = renderTable([{ name: 'render cost', figures: [figure('article standard', 'ms', [2, 4, 3], 'bare 1.2 ms')], notes: ['10 runs'] }]);
    expect(table).toContain('== render cost ==');
    expect(table).toMatch(/article standard\s+ms\s+3\.00\s+2\.00\s+4\.00\s+3\s+bare 1\.2 ms/);
    expect(table).toContain('note: 10 runs');
  });
});
