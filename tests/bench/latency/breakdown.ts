/**
 * Where a publish-latency sample's time went, from the render queue's own record of the job that
 * served it (BullMQ keeps completed jobs, core/queue.ts `removeOnComplete`): from the change to
 * the job being added (PATCH and webhook), added to taken by a worker (the event window and the
 * wait for a render slot), the render itself, and its end to the new page being served (the
 * write announcement and the poll). Printed for every sample and for the slowest ones, with the
 * renders that started while the slowest ones waited, so a tail says what it waited behind.
 *
 * Approximate by design: a sample whose request joined a job added before it (a trailing render)
 * shows a negative "change to job added" and a longer "added to taken"; the total is the sample's
 * own monotonic time, the phases wall-clock differences, so they add up to within a millisecond
 * or two; and BullMQ keeps the newest 10,000 completed jobs, so behind the 10,000-job backlog the
 * earliest samples may find no job (the count of matched samples says so).
 */
import type { Sample } from './events.js';

/** What the bench needs of a completed render job (BullMQ's Job fields of the same names). */
export interface CompletedRender {
  path: string;
  site: string;
  reason: string;
  /** When it was added, epoch ms. */
  timestamp: number;
  processedOn: number;
  finishedOn: number;
}

export interface SamplePhases {
  ms: number;
  toAdded: number;
  queued: number;
  render: number;
  toServed: number;
  /** Other renders that started while this one waited, by page ("news /", "es /politics"). */
  startedWhileQueued: string[];
}

/**
 * The job that served a sample: of the renders of its path that started after the sample's change
 * and finished before the page was served, the first to finish (a later edit of the same article
 * may share it; the page a reader sees is at least as new).
 */
export function servingJob(sample: Sample, renders: readonly CompletedRender[]): CompletedRender | undefined {
  let best: CompletedRender | undefined;
  for (const render of renders) {
    if (render.site !== 'news' || render.path !== sample.path) continue;
    if (render.processedOn < sample.startedAt || render.finishedOn > sample.servedAt + 1) continue;
    if (best === undefined || render.finishedOn < best.finishedOn) best = render;
  }
  return best;
}

export function samplePhases(sample: Sample, job: CompletedRender, renders: readonly CompletedRender[]): SamplePhases {
  const startedWhileQueued = renders
    .filter((other) => other !== job && other.processedOn >= job.timestamp && other.processedOn < job.processedOn)
    .map((other) => `${other.site} ${other.path}`);
  return {
    ms: sample.ms,
    toAdded: job.timestamp - sample.startedAt,
    queued: job.processedOn - job.timestamp,
    render: job.finishedOn - job.processedOn,
    toServed: sample.servedAt - job.finishedOn,
    startedWhileQueued,
  };
}

function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function line(label: string, phases: readonly SamplePhases[]): string {
  const m = (pick: (p: SamplePhases) => number): string => `${Math.round(median(phases.map(pick)))}`;
  return (
    `${label} (${phases.length}): total ${m((p) => p.ms)} ms = change to job added ${m((p) => p.toAdded)}, ` +
    `added to taken by a worker ${m((p) => p.queued)}, render ${m((p) => p.render)}, render done to served ${m((p) => p.toServed)} (medians)`
  );
}

/**
 * Lines for the bench's notes: medians of each phase over all matched samples and over the
 * slowest 5%, and the pages most often rendered while the slowest waited.
 */
export function describePhases(scenario: string, samples: readonly Sample[], renders: readonly CompletedRender[]): string[] {
  const phases = samples.flatMap((sample) => {
    const job = servingJob(sample, renders);
    return job === undefined ? [] : [samplePhases(sample, job, renders)];
  });
  if (phases.length === 0) return [`${scenario}: no completed render matched a sample`];
  const sorted = [...phases].sort((a, b) => b.ms - a.ms);
  const slowest = sorted.slice(0, Math.max(1, Math.ceil(sorted.length * 0.05)));
  const ahead = new Map<string, number>();
  for (const p of slowest) for (const page of p.startedWhileQueued) ahead.set(page, (ahead.get(page) ?? 0) + 1);
  const top = [...ahead.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
  return [
    `${scenario}: ${line('all matched samples', phases)}`,
    `${scenario}: ${line('slowest 5%', slowest)}`,
    `${scenario}: slowest 5%, renders that started while they waited: ${top.length === 0 ? 'none' : top.map(([page, n]) => `${page} ×${n}`).join(', ')}` +
      `; their phases: ${slowest.map((p) => `${Math.round(p.ms)}=${Math.round(p.toAdded)}+${Math.round(p.queued)}+${Math.round(p.render)}+${Math.round(p.toServed)}`).join(', ')}`,
  ];
}
