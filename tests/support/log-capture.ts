/**
 * A logger for tests that assert what was logged: the service's own JSON logger (core/logger.ts)
 * writing into an array instead of stdout, one parsed object per line.
 */
import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../core/logger.js';

export interface CaptureOptions {
  /** Every line also as written (tests that search the raw text, e.g. for a secret). */
  raw?: string[];
  /** Default `debug`, so nothing the code logs is filtered out. */
  level?: string;
}

/** A logger whose lines are parsed into `lines` as they are written. `L` is the shape a test reads. */
export function capturingLogger<L = Record<string, unknown>>(component: string, lines: L[] = [], options: CaptureOptions = {}): Logger {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() === '') continue;
        options.raw?.push(line);
        lines.push(JSON.parse(line) as L);
      }
      done();
    },
  });
  return createLogger({ component, level: options.level ?? 'debug', destination });
}
