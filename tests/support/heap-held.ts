/**
 * What a test keeps on the V8 heap: `heapHeldBy(make)` collects garbage, runs `make`, collects
 * again and answers how many bytes of heap the result still holds, beside the result (which the
 * caller keeps alive until it has read the figure). `ropeOf` builds a string the way
 * renderToString and sanitize-html do, by appending hundreds of small pieces.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export function heapHeldBy<T>(make: () => T): { held: number; kept: T } {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = make();
  gc();
  return { held: process.memoryUsage().heapUsed - before, kept };
}

/** About 7 kB of markup appended in 600 pieces, different for each seed. */
export function ropeOf(seed: number): string {
  let text = `<ul data-seed="${seed}">`;
  for (let i = 0; i < 600; i += 1) text += `<li>${i}</li>`;
  return text;
}
