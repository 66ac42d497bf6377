/**
 * Where a render job's CPU goes: the render-cost child's phase totals
 * (core/phase-timer.ts) turned into figures, one per phase, each with its share of the job.
 */
import { figure, summarise, type BenchFigure } from './report.js';

/** What the render-cost child measured with the phase timer on, per run (render-cost-child.ts). */
export interface SplitSamples {
  kind: string;
  /** CPU ms per job charged to each phase and to `other`. */
  phaseMs: Record<string, number[]>;
  /** Calls per job of each phase. */
  phaseCalls: Record<string, number[]>;
  /** Wall ms per job inside each phase. */
  phaseWallMs: Record<string, number[]>;
  /** CPU ms per job with the timer on. */
  splitJobMs: number[];
  /** CPU ms per job with the timer off (the render-cost figure). */
  jobMs: number[];
}

/** The phases in the order the table shows them, with their labels. */
const ROWS: ReadonlyArray<{ phase: string; label: string; calls?: (n: number, wallMs: number) => string }> = [
  { phase: 'upstream-http', label: 'upstream HTTP', calls: (n, wall) => `${n.toFixed(1)} GETs per job, ${wall.toFixed(1)} ms in flight (summed); includes render code run while calls were in flight` },
  { phase: 'upstream-parse', label: 'upstream JSON parse' },
  { phase: 'upstream-validate', label: 'upstream validation (zod)', calls: () => 'envelope and first result in the transport; the clients\' own item checks are in "other"' },
  { phase: 'sanitise', label: 'sanitising', calls: (n) => `${n.toFixed(0)} sanitize-html calls per job` },
  { phase: 'react', label: 'React renderToString', calls: (n) => `${n.toFixed(1)} renders per job` },
  { phase: 'hash', label: 'hashing', calls: (n) => `${n.toFixed(1)} sha256 per job` },
  { phase: 'storage', label: 'storage', calls: (n, wall) => `${n.toFixed(1)} store calls per job, ${wall.toFixed(1)} ms wall` },
  { phase: 'redis', label: 'Redis', calls: (n, wall) => `${n.toFixed(1)} commands per job, ${wall.toFixed(1)} ms wall (summed)` },
  { phase: 'other', label: 'other (view models, page assembly)' },
];

const median = (samples: readonly number[] | undefined): number => (samples === undefined || samples.length === 0 ? 0 : summarise(samples).median);

/** One figure per phase (ms per job, share of the job in the note), then the split's total. */
export function splitFigures(samples: SplitSamples): BenchFigure[] {
  const total = median(samples.splitJobMs);
  const figures: BenchFigure[] = [];
  for (const row of ROWS) {
    const cpu = samples.phaseMs[row.phase];
    if (cpu === undefined || cpu.length === 0) continue;
    const share = total > 0 ? `${((100 * median(cpu)) / total).toFixed(0)}% of the job` : '';
    const extra = row.calls?.(median(samples.phaseCalls[row.phase]), median(samples.phaseWallMs[row.phase]));
    figures.push(figure(`${samples.kind}: CPU split, ${row.label}`, 'ms', cpu, [share, extra].filter(Boolean).join('; ')));
  }
  if (samples.splitJobMs.length > 0) {
    figures.push(figure(`${samples.kind}: CPU split, total with the timer on`, 'ms', samples.splitJobMs, `the phases add up to this; ${median(samples.jobMs).toFixed(2)} ms with the timer off`));
  }
  return figures;
}

/** The target for a page kind's ratio of job CPU to its bare renderToString limit. */
export function ratioTarget(kind: string): number {
  return kind.startsWith('article') ? 3 : 4;
}
