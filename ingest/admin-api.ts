/**
 * The admin API's contract (ingest/app.ts routes under /admin, docs/architecture.md "Editor
 * tools"): the types of the answers the server sends, and the schemas a client reads them with
 * (the CLI, ingest/cli.ts). One module, so the server and the CLI cannot describe an answer two
 * ways: each client schema is checked at compile time to accept the server's answer type
 * (`Accepts` below), so a field the server renames or drops fails `tsc` instead of the CLI at
 * run time. The client schemas read only what the CLI shows, and leave optional the fields an
 * older admin server does not send.
 */
import { z } from 'zod';
import type { PageFailure, PageRender } from '../core/page-status.js';
import type { SiteId } from '../core/isomorphic/sites.js';
import type { PageVariant } from '../core/storage/keys.js';

export const SCOPE_KINDS = ['prefix', 'section', 'tag', 'site'] as const;
export type ScopeKind = (typeof SCOPE_KINDS)[number];

/** 4xx/5xx answers: { error: { code, message } } (docs/errors.md). */
export interface AdminErrorBody {
  error: { code: string; message: string };
}

/** POST /admin/republish with a path: 202. */
export interface RepublishResponse {
  jobId: string | undefined;
  site: SiteId;
  path: string;
  deduplicated: boolean;
  queuedAfterActive: boolean;
}

/** POST /admin/republish with a scope: 202 `ScopeResponse`; GET /admin/republish/scopes/:id: `ScopeProgress`. */
export interface ScopeSummary {
  /** `s-<uuid>`: GET /admin/republish/scopes/:id. */
  id: string;
  kind: ScopeKind;
  site: SiteId;
  value: string;
  requestedBy: string;
  requestedAt: string;
}

export interface ScopeResponse {
  scope: ScopeSummary;
  /** Pages the scope covers. */
  pages: number;
  /** Requests that created a new job (or were queued behind a running render of the page). */
  enqueued: number;
  /** Requests that joined a render of the page already pending. */
  deduplicated: number;
  /** Pages that could not be enqueued (a batch Redis refused); see the ingest log. */
  failed: number;
  /**
   * Why listing the scope's pages stopped part-way (the upstream site map or storage failed), or
   * null when every page was listed. The pages queued before it stay queued.
   */
  listingFailed: string | null;
}

export interface ScopeProgress extends ScopeResponse {
  progress: {
    total: number;
    completed: number;
    failed: number;
    /** Waiting, running, retrying, or queued behind a running render. */
    pending: number;
  };
}

/** GET /admin/jobs/:id. */
export interface JobStatus {
  id: string;
  /** A BullMQ job state, or QUEUED_AFTER_ACTIVE. */
  state: string;
  site: string | null;
  path: string | null;
  reason: string | null;
  requestedBy: string | null;
  /** Attempts made so far, and allowed in all. */
  attempts: number;
  maxAttempts: number;
  failedReason: string | null;
  /** ISO times: queued, started (last attempt), finished. */
  timestamps: { created: string | null; processed: string | null; finished: string | null };
  /** A completed job's render outcome; null before it completes (or for a job that failed). */
  outcome: JobOutcome | null;
}

/** What a completed render did, for the editor who asked for it. */
export interface JobOutcome {
  /** The page kind rendered ('article', 'section', ...), or 'not-found'. */
  kind: string;
  /** Objects written, objects already current, objects a degraded render left as they were. */
  written: number;
  unchanged: number;
  kept: number;
  /** One sentence: what happened, as the admin page and the CLI say it. */
  summary: string;
}

/** GET /admin/pages/status?site=&path=. */
export interface PageStatus {
  site: string;
  path: string;
  /** Any variant stored. */
  stored: boolean;
  /** The newest write among the variants: when, why and by which job. */
  lastRendered: { at: string; reason: string; jobId: string | null } | null;
  variants: Array<{
    variant: PageVariant;
    key: string;
    bytes: number;
    contentHash: string;
    contentType: string;
    status: number;
    renderedAt: string;
    reason: string;
    jobId: string | null;
    fence: number | null;
  }>;
  /** Data keys the page read at its last render (dependency index). */
  dependencies: string[];
  /** The last failed render since the last success, as the worker recorded it. */
  lastError: PageFailure | null;
  /**
   * The last render, changed or not, with its outcome: which side data was shown from its last
   * good copy (`staleData`) or was missing, and whether a degraded render kept the stored page.
   */
  lastRender: PageRender | null;
  /** Kept versions, newest first. */
  versions: Array<{ id: string; renderedAt: string; reason: string; variants: PageVariant[] }>;
  /** The last fencing token taken for the page (a render or rollback), or null. */
  fence: number | null;
}

/** POST /admin/pages/rollback. */
export interface RollbackResponse {
  site: string;
  path: string;
  /** The version restored: now live, unless the rollback changed nothing (rolledBackNothing). */
  version: string;
  /** The version the page was kept as before the rollback (roll back to it to undo). */
  previous: string | null;
  restored: Array<{ variant: PageVariant; key: string; contentHash: string; bytes: number }>;
  removed: string[];
  /** Variants left as they are because a render that started after the rollback wrote or removed them. */
  stale: string[];
  purge: { keys: string[]; ok: boolean | null; reason: string | null };
}

/**
 * Whether a rollback changed nothing because a render that started after it was published first:
 * every variant it would have written or removed was left as that render had it.
 */
export function rolledBackNothing(result: { restored: readonly unknown[]; removed: readonly unknown[]; stale: readonly unknown[] }): boolean {
  return result.restored.length === 0 && result.removed.length === 0 && result.stale.length > 0;
}

/** What the editor is told when rolledBackNothing: the admin page and the CLI say the same. */
export function rolledBackNothingMessage(result: Pick<RollbackResponse, 'site' | 'path' | 'version'>): string {
  return `Nothing was rolled back: a render of ${result.site} ${result.path} that started after your request was published first, and the page stays as that render left it. Roll back again to restore version ${result.version} over it.`;
}

// What the CLI reads of each answer.

export const republishResponseSchema = z.object({
  jobId: z.string().optional(),
  site: z.string(),
  path: z.string(),
  deduplicated: z.boolean(),
  // Optional: an admin server older than this CLI does not send it.
  queuedAfterActive: z.boolean().optional(),
});

export const jobResponseSchema = z.object({
  id: z.string(),
  state: z.string(),
  attempts: z.number(),
  maxAttempts: z.number(),
  failedReason: z.string().nullable(),
  timestamps: z.object({ created: z.string().nullable(), processed: z.string().nullable(), finished: z.string().nullable() }),
  // Older admin servers do not send it.
  outcome: z.object({ kind: z.string(), summary: z.string() }).nullable().optional(),
});
export type JobResponse = z.infer<typeof jobResponseSchema>;

export const errorResponseSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export const scopeResponseSchema = z.object({
  scope: z.object({ id: z.string(), kind: z.string(), site: z.string(), value: z.string() }),
  pages: z.number(),
  enqueued: z.number(),
  deduplicated: z.number(),
  failed: z.number(),
  // Optional: an admin server older than this CLI does not send it.
  listingFailed: z.string().nullable().optional(),
});
export type ScopeAnswer = z.infer<typeof scopeResponseSchema>;

export const scopeProgressResponseSchema = scopeResponseSchema.extend({
  progress: z.object({ total: z.number(), completed: z.number(), failed: z.number(), pending: z.number() }),
});
export type ScopeProgressResponse = z.infer<typeof scopeProgressResponseSchema>;

export const statusResponseSchema = z.object({
  site: z.string(),
  path: z.string(),
  stored: z.boolean(),
  lastRendered: z.object({ at: z.string(), reason: z.string(), jobId: z.string().nullable() }).nullable(),
  variants: z.array(z.object({ variant: z.string(), bytes: z.number(), renderedAt: z.string(), reason: z.string(), jobId: z.string().nullable() })),
  dependencies: z.array(z.string()),
  lastError: z.object({ at: z.string(), reason: z.string(), jobId: z.string().nullable(), message: z.string(), count: z.number() }).nullable(),
  versions: z.array(z.object({ id: z.string(), renderedAt: z.string(), reason: z.string(), variants: z.array(z.string()) })),
});

export const rollbackResponseSchema = z.object({
  site: z.string(),
  path: z.string(),
  version: z.string(),
  previous: z.string().nullable(),
  restored: z.array(z.object({ variant: z.string(), bytes: z.number() })),
  removed: z.array(z.string()),
  stale: z.array(z.string()),
  purge: z.object({ ok: z.boolean().nullable(), reason: z.string().nullable() }),
});


/** Compile-time check: every answer of type `Sent` has the shape `Schema` reads. `never` otherwise. */
type Accepts<Schema extends z.ZodType, Sent> = [Sent] extends [z.input<Schema>] ? true : never;

// Each line fails to compile when the server's answer type no longer fits what the CLI reads.
export const ADMIN_API_IN_STEP: readonly true[] = [
  true satisfies Accepts<typeof republishResponseSchema, RepublishResponse>,
  true satisfies Accepts<typeof jobResponseSchema, JobStatus>,
  true satisfies Accepts<typeof errorResponseSchema, AdminErrorBody>,
  true satisfies Accepts<typeof scopeResponseSchema, ScopeResponse>,
  true satisfies Accepts<typeof scopeProgressResponseSchema, ScopeProgress>,
  true satisfies Accepts<typeof statusResponseSchema, PageStatus>,
  true satisfies Accepts<typeof rollbackResponseSchema, RollbackResponse>,
];
