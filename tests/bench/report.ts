/**
 * What every benchmark section returns, and how the runner prints and saves it. Performance is
 * measured here, never timed in tests: each figure is the median of several runs, with min and
 * max, so a reader can tell a stable number from a noisy one.
 */

export interface BenchFigure {
  /** What was measured, e.g. "render CPU per page: article standard". */
  metric: string;
  /** "ms", "pages/s", "req/s", "MiB", "KiB", "objects", "purges", "ratio", ... */
  unit: string;
  median: number;
  min: number;
  max: number;
  /** How many runs (or samples) the median is of. */
  runs: number;
  /** A limit or target beside the figure, or why it is what it is. */
  note?: string;
}

export interface BenchSection {
  /** Section title in the table, e.g. "render cost". */
  name: string;
  figures: BenchFigure[];
  /** Anything the reader should know about this section's setup (sizes, what was skipped and why). */
  notes?: string[];
}

/** A command-line option that must be a positive integer (`--name`), or `fallback` when it is not given. */
export function positiveInt(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer, got ${raw}`);
  return value;
}

/** Median, min and max of samples (at least one). */
export function summarise(samples: readonly number[]): { median: number; min: number; max: number; runs: number } {
  if (samples.length === 0) throw new Error('summarise needs at least one sample');
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  return { median, min: sorted[0] ?? 0, max: sorted[sorted.length - 1] ?? 0, runs: sorted.length };
}

/** The value at quantile q (0..1) of samples, nearest-rank. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) throw new Error('quantile needs at least one sample');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

/** A figure from samples. */
export function figure(metric: string, unit: string, samples: readonly number[], note?: string): BenchFigure {
  return { metric, unit, ...summarise(samples), ...(note === undefined ? {} : { note }) };
}

function format(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 1000) return value.toFixed(0);
  if (abs >= 100) return value.toFixed(1);
  if (abs >= 1) return value.toFixed(2);
  return value.toFixed(3);
}

/** The plain-text table the runner prints. */
export function renderTable(sections: readonly BenchSection[]): string {
  const lines: string[] = [];
  for (const section of sections) {
    lines.push('', `== ${section.name} ==`);
    const rows = section.figures.map((f) => [f.metric, f.unit, format(f.median), format(f.min), format(f.max), String(f.runs), f.note ?? '']);
    const header = ['metric', 'unit', 'median', 'min', 'max', 'runs', 'note'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    const line = (cells: string[]) => cells.map((c, i) => (i >= 2 && i <= 5 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ').trimEnd();
    lines.push(line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line));
    for (const note of section.notes ?? []) lines.push(`  note: ${note}`);
  }
  return lines.join('\n');
}
