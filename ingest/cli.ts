/**
 * Republish from the terminal:
 *
 *   npm run republish -- <path-or-url> [--site news|es] [--by <name>] [--wait] [--timeout <seconds>]
 *
 * Reads ADMIN_URL (default http://localhost:3001), ADMIN_TOKEN and USER (config.ts). Posts to
 * /admin/republish and prints the job id; with --wait, polls /admin/jobs/:id with a progress bar
 * until the job completes or fails, and exits non-zero with the reason when it fails. A request
 * for a page that is rendering right now is 'queued-after-active' until that render finishes, then
 * becomes a job with the same id (republish.ts); the wait goes on through both.
 */
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { z } from 'zod';
import { isPlatformError } from '../core/errors.js';
import { SITE_IDS } from '../core/isomorphic/sites.js';
import { loadRepublishCliConfig, type RepublishCliConfig } from './config.js';
import { QUEUED_AFTER_ACTIVE } from './job-state.js';

const USAGE = `Usage: npm run republish -- <path-or-url> [--site ${SITE_IDS.join('|')}] [--by <name>] [--wait] [--timeout <seconds>]

  <path-or-url>   the page to re-render, e.g. /politics/some-article
  --site          the site (default news)
  --by            your name, recorded with the job (default: $USER)
  --wait          wait for the render and show its progress
  --timeout       give up waiting after this many seconds (default 300)

Environment: ADMIN_URL (default http://localhost:3001), ADMIN_TOKEN (required), USER (default for --by)`;

const POLL_MS = 500;

class UsageError extends Error {}

const republishResponse = z.object({
  jobId: z.string().optional(),
  site: z.string(),
  path: z.string(),
  deduplicated: z.boolean(),
  // Optional: an admin server older than this CLI does not send it.
  queuedAfterActive: z.boolean().optional(),
});

const jobResponse = z.object({
  id: z.string(),
  state: z.string(),
  attempts: z.number(),
  maxAttempts: z.number(),
  failedReason: z.string().nullable(),
  timestamps: z.object({ created: z.string().nullable(), processed: z.string().nullable(), finished: z.string().nullable() }),
});
type JobResponse = z.infer<typeof jobResponse>;

const errorResponse = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

interface CliArgs {
  path: string;
  site: string;
  by: string | undefined;
  wait: boolean;
  timeoutMs: number;
}

function parseCliArgs(argv: string[]): CliArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        site: { type: 'string', default: 'news' },
        by: { type: 'string' },
        wait: { type: 'boolean', default: false },
        timeout: { type: 'string', default: '300' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (parsed.values.help) throw new UsageError('');
  const [path, ...extra] = parsed.positionals;
  if (path === undefined) throw new UsageError('Missing the page path.');
  if (extra.length > 0) throw new UsageError(`Unexpected arguments: ${extra.join(' ')}`);
  const site = parsed.values.site;
  if (!(SITE_IDS as readonly string[]).includes(site)) throw new UsageError(`Unknown site ${JSON.stringify(site)}; use one of ${SITE_IDS.join(', ')}.`);
  const timeout = Number(parsed.values.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0) throw new UsageError('--timeout must be a positive number of seconds.');
  return { path, site, by: parsed.values.by, wait: parsed.values.wait, timeoutMs: timeout * 1000 };
}

async function call(config: RepublishCliConfig, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  let response: Response;
  try {
    response = await fetch(`${config.adminUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${config.adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new Error(`Cannot reach the admin server at ${config.adminUrl} (is ingest running?): ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Reported below with the status.
  }
  return { status: response.status, json };
}

function describeError(status: number, json: unknown): string {
  const parsed = errorResponse.safeParse(json);
  return parsed.success ? `${parsed.data.error.code}: ${parsed.data.error.message}` : `HTTP ${status}`;
}

const STEP: Record<string, number> = { [QUEUED_AFTER_ACTIVE]: 1, waiting: 1, prioritized: 1, delayed: 1, 'waiting-children': 1, active: 2, completed: 3, failed: 3 };

/** Polls until the job completes or fails; any other state (QUEUED_AFTER_ACTIVE included) keeps it waiting. */
async function waitForJob(config: RepublishCliConfig, jobId: string, timeoutMs: number): Promise<JobResponse> {
  const bar = new cliProgress.SingleBar(
    { format: ' {bar} {state} | attempt {attempt}/{maxAttempts} {note}', hideCursor: true, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  bar.start(3, 0, { state: 'queued', attempt: 0, maxAttempts: '?', note: '' });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const { status, json } = await call(config, 'GET', `/admin/jobs/${encodeURIComponent(jobId)}`);
      if (status !== 200) throw new Error(`Cannot read job ${jobId}: ${describeError(status, json)}`);
      const job = jobResponse.parse(json);
      const note = job.failedReason && job.state !== 'completed' ? `(last error: ${job.failedReason.slice(0, 80)})` : '';
      bar.update(STEP[job.state] ?? 1, { state: job.state, attempt: job.attempts, maxAttempts: job.maxAttempts, note });
      if (job.state === 'completed' || job.state === 'failed') return job;
      if (Date.now() > deadline) throw new Error(`Gave up waiting after ${timeoutMs / 1000} s; job ${jobId} is ${job.state}.`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    bar.stop();
  }
}

async function run(argv: string[]): Promise<number> {
  const args = parseCliArgs(argv);
  const config = loadRepublishCliConfig(process.env);
  const requestedBy = args.by ?? config.user;
  const { status, json } = await call(config, 'POST', '/admin/republish', {
    site: args.site,
    path: args.path,
    ...(requestedBy ? { requestedBy: requestedBy.slice(0, 200) } : {}),
  });
  if (status !== 202) {
    console.error(`Republish refused: ${describeError(status, json)}`);
    return 1;
  }
  const accepted = republishResponse.parse(json);
  console.log(
    `Queued ${accepted.site} ${accepted.path} as job ${accepted.jobId ?? '(unknown)'}` +
      (accepted.queuedAfterActive === true
        ? ' (this page is rendering now; the job starts when that render finishes)'
        : accepted.deduplicated
          ? ' (joined a render of this page that was already queued)'
          : ''),
  );
  if (!args.wait || accepted.jobId === undefined) return 0;

  const started = Date.now();
  const job = await waitForJob(config, accepted.jobId, args.timeoutMs);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (job.state === 'failed') {
    console.error(`Render failed after ${job.attempts} attempt(s): ${job.failedReason ?? 'no reason recorded'}`);
    return 1;
  }
  console.log(`Live: ${accepted.site} ${accepted.path} rendered at ${job.timestamps.finished ?? 'unknown time'} (${job.attempts} attempt(s), waited ${seconds} s).`);
  return 0;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      if (error.message) console.error(error.message + '\n');
      console.error(USAGE);
      process.exit(2);
    }
    console.error(isPlatformError(error) || error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
