/**
 * Fault switch of the sample upstream (test scaffolding, docs/upstream-contract.md "Sample
 * upstream"): make a route answer an error status, malformed JSON, or answer late, so
 * reliability tests can watch the site keep its last good pages.
 */
import { z } from 'zod';
import { PlatformError } from '../../core/errors.js';
import { describeIssues } from '../../core/upstream/schemas.js';

export const FAULT_MODES = ['status', 'malformed', 'delay'] as const;

const faultSchema = z.strictObject({
  /** Request pathname the fault applies to, e.g. "/api/article" or "/layouts". */
  path: z.string().startsWith('/'),
  /** Query values that must all match (e.g. { elementId: "MoreLayout" }); any request when omitted. */
  query: z.record(z.string(), z.string()).default({}),
  mode: z.enum(FAULT_MODES),
  /** Status for mode "status". */
  status: z.number().int().min(400).max(599).default(500),
  /** Delay for mode "delay", after which the request is answered normally. */
  delayMs: z.number().int().min(0).max(120_000).default(1000),
  /** How many requests the fault hits before it clears itself; unlimited when omitted. */
  times: z.number().int().positive().optional(),
});

export type FaultSpec = z.infer<typeof faultSchema>;
export type Fault = FaultSpec & { id: number; hits: number };

export function parseFaultSpec(data: unknown): FaultSpec {
  const result = faultSchema.safeParse(data);
  if (!result.success) throw new PlatformError('INVALID_EVENT', `Invalid fault: ${describeIssues(result.error)}`);
  return result.data;
}

export class FaultSwitch {
  private faults: Fault[] = [];
  private nextId = 1;

  add(spec: FaultSpec): Fault {
    const fault = { ...spec, id: this.nextId++, hits: 0 };
    this.faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  clear(): void {
    this.faults = [];
  }

  /** The fault this request hits, counting the hit; undefined when none applies. */
  take(pathname: string, query: URLSearchParams): Fault | undefined {
    const fault = this.faults.find(
      (candidate) => candidate.path === pathname && Object.entries(candidate.query).every(([key, value]) => query.get(key) === value),
    );
    if (!fault) return undefined;
    fault.hits += 1;
    if (fault.times !== undefined && fault.hits >= fault.times) this.faults = this.faults.filter((f) => f !== fault);
    return { ...fault };
  }
}
