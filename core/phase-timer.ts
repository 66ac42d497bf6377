/**
 * Where a render job's CPU goes (README "Where a render's time goes"): a phase timer that is always compiled in and
 * costs one `undefined` check per hook while it is off, which is always, except in the process
 * `npm run bench`'s render-cost section starts (tests/bench/publish/render-cost-child.ts).
 *
 * Hooks sit at the seams where a phase starts and ends:
 *   upstream-http      core/upstream/transport.ts, the GET (timeCall's seam), body included
 *   upstream-parse     core/upstream/transport.ts, JSON.parse and the image-path rewrite
 *   upstream-validate  core/upstream/transport.ts, zod validation of the envelope and first result
 *   sanitise           render-workers/blocks/sanitize.ts, render-workers/people/person-rules.ts
 *   react              render-workers/shared/render-html.ts, render-workers/shell/amp-document.tsx
 *   hash               core/storage/write.ts contentHash
 *   storage            `timeStore` around an ObjectStore: every call to the driver
 *   redis              `timeRedis` on a Redis connection: every command until its reply
 *
 * How CPU is charged: process.cpuUsage() is read at every phase start and end, and the CPU used
 * since the previous reading goes to the innermost synchronous phase running (sanitise inside a
 * React render is sanitise), or, when none runs, to the async phase started last among those in
 * flight (the Redis guard inside a storage write is Redis), or else to `other` (view models, page
 * assembly, validation the clients do outside the transport). So the phases add up to the whole
 * CPU of the process while the timer is on. Synchronous phases are exact; an async phase is also
 * charged with whatever unmeasured code ran while it was in flight (the render's own code between
 * two awaited calls), so read it as an upper bound, and use the flame graph (README, "Benchmarks")
 * for the detail.
 *
 * One recorder per process: it is meant for one render at a time, as the bench runs them.
 */

export const PHASES = ['upstream-http', 'upstream-parse', 'upstream-validate', 'sanitise', 'react', 'hash', 'storage', 'redis'] as const;
export type Phase = (typeof PHASES)[number];

export interface PhaseTotals {
  /** CPU ms charged to each phase, and to `other` (no phase running). Adds up to the process CPU. */
  cpuMs: Record<Phase | 'other', number>;
  /** Times each phase was entered (upstream-http: GETs; redis: commands; storage: driver calls). */
  calls: Record<Phase, number>;
  /** Wall ms inside each phase, summed over its calls (overlapping async calls each count). */
  wallMs: Record<Phase, number>;
}

interface InFlight {
  phase: Phase;
}

function zeroes<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
}

class Recorder {
  private last = process.cpuUsage();
  private readonly syncStack: Phase[] = [];
  private readonly inFlight: InFlight[] = [];
  private totals: PhaseTotals = Recorder.empty();

  static empty(): PhaseTotals {
    return { cpuMs: zeroes([...PHASES, 'other'] as const), calls: zeroes(PHASES), wallMs: zeroes(PHASES) };
  }

  /** Charges the CPU used since the last reading to the phase running now. */
  private charge(): void {
    const now = process.cpuUsage();
    const micros = now.user - this.last.user + (now.system - this.last.system);
    this.last = now;
    const phase = this.syncStack.at(-1) ?? this.inFlight.at(-1)?.phase ?? 'other';
    this.totals.cpuMs[phase] += micros / 1000;
  }

  sync<T>(phase: Phase, run: () => T): T {
    this.charge();
    this.syncStack.push(phase);
    this.totals.calls[phase] += 1;
    const started = performance.now();
    try {
      return run();
    } finally {
      this.totals.wallMs[phase] += performance.now() - started;
      this.charge();
      this.syncStack.pop();
    }
  }

  /**
   * Runs `run` as an async phase: in flight from the call until the promise it returns settles
   * (its synchronous start included). A result that is not a promise ends the phase at once.
   */
  async<T>(phase: Phase, run: () => T): T {
    this.charge();
    const entry: InFlight = { phase };
    this.inFlight.push(entry);
    this.totals.calls[phase] += 1;
    const started = performance.now();
    const end = () => {
      this.charge();
      this.totals.wallMs[phase] += performance.now() - started;
      const at = this.inFlight.lastIndexOf(entry);
      if (at >= 0) this.inFlight.splice(at, 1);
    };
    let result: T;
    try {
      result = run();
    } catch (error) {
      end();
      throw error;
    }
    // The caller gets the very promise `run` returned, so a rejection stays the caller's to handle.
    if (result instanceof Promise) result.then(end, end);
    else end();
    return result;
  }

  take(): PhaseTotals {
    this.charge();
    const totals = this.totals;
    this.totals = Recorder.empty();
    return totals;
  }
}

let recorder: Recorder | undefined;

/** Runs a synchronous phase, timed while the timer is on. */
export function timeSync<T>(phase: Phase, run: () => T): T {
  return recorder === undefined ? run() : recorder.sync(phase, run);
}

/** Runs an async phase, timed while the timer is on; answers the very promise `run` returned. */
export function timeAsync<T>(phase: Phase, run: () => Promise<T>): Promise<T> {
  return recorder === undefined ? run() : recorder.async(phase, run);
}

/** Wraps a synchronous function so every call is timed as `phase` while the timer is on. */
export function timedSync<A extends unknown[], R>(phase: Phase, fn: (...args: A) => R): (...args: A) => R {
  return (...args) => (recorder === undefined ? fn(...args) : recorder.sync(phase, () => fn(...args)));
}

/** Turns the timer on (from zero). The bench does this; nothing in production does. */
export function startPhaseTimer(): void {
  recorder = new Recorder();
}

/** Turns the timer off. */
export function stopPhaseTimer(): void {
  recorder = undefined;
}

export function phaseTimerRunning(): boolean {
  return recorder !== undefined;
}

/** The totals since the timer started or since the last take, and starts counting from zero. */
export function takePhaseTotals(): PhaseTotals {
  return recorder === undefined ? Recorder.empty() : recorder.take();
}

/**
 * An ObjectStore (or any object of async methods) whose every method call is timed as `storage`.
 * Non-function properties (`driver`) are read through.
 */
export function timeStore<S extends object>(store: S): S {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => {
        const call = () => (value as (...a: unknown[]) => unknown).apply(target, args);
        return recorder === undefined ? call() : recorder.async('storage', call);
      };
    },
  });
}

/** The one method of an ioredis connection every command goes through, pipelines and MULTI included. */
interface CommandSender {
  sendCommand(...args: never[]): unknown;
}

/**
 * Times every command sent on an ioredis connection (Redis or Cluster) as `redis`, from the
 * moment it is sent until its reply. Returns the same connection.
 */
export function timeRedis<R extends CommandSender>(connection: R): R {
  const send = connection.sendCommand.bind(connection) as (...args: unknown[]) => unknown;
  const timed = (...args: unknown[]): unknown => {
    return recorder === undefined ? send(...args) : recorder.async('redis', () => send(...args));
  };
  Object.assign(connection, { sendCommand: timed });
  return connection;
}
