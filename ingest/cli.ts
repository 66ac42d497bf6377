/**
 * Republish, page status and rollback from the terminal (docs/architecture.md "Editor tools"):
 *
 *   npm run republish -- <path-or-url> [--site news|es] [--by <name>] [--wait] [--timeout <seconds>]
 *   npm run republish -- --prefix <path> | --section <slug> | --tag <tag> | --all  [same options]
 *   npm run republish -- status <path-or-url> [--site news|es]
 *   npm run republish -- rollback <path-or-url> [--version <id>] [--site news|es] [--by <name>]
 *
 * Reads ADMIN_URL (default http://localhost:$ADMIN_PORT, port 3001 when unset), ADMIN_TOKEN and USER (config.ts).
 *
 * One page: posts to /admin/republish and prints the job id; with --wait, polls /admin/jobs/:id
 * with a progress bar until the job completes or fails, and exits non-zero with the reason when it
 * fails. A request for a page that is rendering right now is 'queued-after-active' until that
 * render finishes, then becomes a job with the same id (republish.ts); the wait goes on through both.
 *
 * A scope: posts the scope, prints how many pages were enqueued, deduplicated (joined a render
 * already queued) and failed; with --wait, a progress bar of the renders (polling
 * /admin/republish/scopes/:id) and a summary of how many rendered and failed. Exits non-zero when
 * anything failed: a page not enqueued, a render failed, the wait timed out, the page list stopped
 * part-way (the upstream site map or storage failed), or a whole site listed no page at all. The
 * whole site is listed from the upstream site map, so `--all --wait` is also the first publish
 * into an empty store (docker-compose.yml's publish-site).
 */
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { isPlatformError } from '../core/errors.js';
import { SITE_IDS } from '../core/isomorphic/sites.js';
import { loadRepublishCliConfig, type RepublishCliConfig } from './config.js';
import {
  errorResponseSchema,
  jobResponseSchema,
  republishResponseSchema,
  rolledBackNothing,
  rolledBackNothingMessage,
  rollbackResponseSchema,
  scopeProgressResponseSchema,
  scopeResponseSchema,
  statusResponseSchema,
  type JobResponse,
  type ScopeAnswer,
  type ScopeProgressResponse,
} from './admin-api.js';
import { QUEUED_AFTER_ACTIVE } from './job-state.js';

const USAGE = `Usage: npm run republish -- <path-or-url> [--site ${SITE_IDS.join('|')}] [--by <name>] [--wait] [--timeout <seconds>]
       npm run republish -- --prefix <path> | --section <slug> | --tag <tag> | --all  [--site ...] [--by ...] [--wait] [--timeout ...]
       npm run republish -- status <path-or-url> [--site ...]
       npm run republish -- rollback <path-or-url> [--version <id>] [--site ...] [--by ...]

  <path-or-url>   the page to re-render, e.g. /politics/some-article
  --prefix        every stored page at or below a path, e.g. /politics
  --section       a section: its front, its pages and the pages listing its articles, e.g. politics
  --tag           every page that shows a tag (its articles or its videos)
  --all           the whole site: every page of the upstream site map, the crawler files and every
                  stored page (runs after single-page republishes, content changes and schedules)
  status          when the page was last rendered, why, by which job, its variants, dependency
                  keys, last error and kept versions
  rollback        put the page back to an earlier version (default: the previous one) and purge it
  --version       the version to roll back to, as \`status\` lists it
  --site          the site (default news)
  --by            your name, recorded with the job (default: $USER)
  --wait          wait for the render(s) and show the progress
  --timeout       give up waiting after this many seconds (default 300)

Environment: ADMIN_URL (default http://localhost:$ADMIN_PORT, 3001 when unset), ADMIN_TOKEN (required), USER (default for --by)`;

const POLL_MS = 500;

class UsageError extends Error {}

type Command =
  | { kind: 'page'; path: string }
  | { kind: 'scope'; body: Record<string, string> }
  | { kind: 'status'; path: string }
  | { kind: 'rollback'; path: string; version: string | undefined };

interface CliArgs {
  command: Command;
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
        prefix: { type: 'string' },
        section: { type: 'string' },
        tag: { type: 'string' },
        all: { type: 'boolean', default: false },
        version: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (parsed.values.help) throw new UsageError('');
  const { prefix, section, tag, all, version } = parsed.values;
  const scopes = [prefix !== undefined, section !== undefined, tag !== undefined, all].filter(Boolean).length;
  let command: Command;
  const [first, ...rest] = parsed.positionals;
  if (scopes > 1) throw new UsageError('Give one of --prefix, --section, --tag or --all.');
  if (first === 'status' || first === 'rollback') {
    const [path, ...extra] = rest;
    if (path === undefined) throw new UsageError(`Missing the page path for ${first}.`);
    if (extra.length > 0) throw new UsageError(`Unexpected arguments: ${extra.join(' ')}`);
    if (scopes > 0) throw new UsageError(`${first} works on one page; --prefix, --section, --tag and --all do not apply.`);
    command = first === 'status' ? { kind: 'status', path } : { kind: 'rollback', path, version };
  } else if (scopes === 1) {
    if (first !== undefined) throw new UsageError(`Give a page path or a scope, not both (got ${first}).`);
    const body: Record<string, string> =
      prefix !== undefined ? { scope: 'prefix', prefix } : section !== undefined ? { scope: 'section', section } : tag !== undefined ? { scope: 'tag', tag } : { scope: 'site' };
    command = { kind: 'scope', body };
  } else {
    if (first === undefined) throw new UsageError('Missing the page path (or a scope: --prefix, --section, --tag, --all).');
    if (rest.length > 0) throw new UsageError(`Unexpected arguments: ${rest.join(' ')}`);
    command = { kind: 'page', path: first };
  }
  if (version !== undefined && command.kind !== 'rollback') throw new UsageError('--version only applies to rollback.');
  const site = parsed.values.site;
  if (!(SITE_IDS as readonly string[]).includes(site)) throw new UsageError(`Unknown site ${JSON.stringify(site)}; use one of ${SITE_IDS.join(', ')}.`);
  const timeout = Number(parsed.values.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0) throw new UsageError('--timeout must be a positive number of seconds.');
  return { command, site, by: parsed.values.by, wait: parsed.values.wait, timeoutMs: timeout * 1000 };
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
  const parsed = errorResponseSchema.safeParse(json);
  return parsed.success ? `${parsed.data.error.code}: ${parsed.data.error.message}` : `HTTP ${status}`;
}

const STEP: Record<string, number> = { [QUEUED_AFTER_ACTIVE]: 1, waiting: 1, prioritized: 1, delayed: 1, 'waiting-children': 1, active: 2, completed: 3, failed: 3 };

/** Polls until the job completes or fails; any other state (QUEUED_AFTER_ACTIVE included) keeps it waiting. */
async function waitForJob(config: RepublishCliConfig, jobId: string, timeoutMs: number): Promise<JobResponse> {
  const bar = new cliProgress.SingleBar(
    // The job's attempt limit is only BullMQ's ceiling (core/queue.ts): the worker's retry window
    // decides when a render stops, so the attempt is shown on its own.
    { format: ' {bar} {state} | attempt {attempt} {note}', hideCursor: true, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  bar.start(3, 0, { state: 'queued', attempt: 0, note: '' });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const { status, json } = await call(config, 'GET', `/admin/jobs/${encodeURIComponent(jobId)}`);
      if (status !== 200) throw new Error(`Cannot read job ${jobId}: ${describeError(status, json)}`);
      const job = jobResponseSchema.parse(json);
      const note = job.failedReason && job.state !== 'completed' ? `(last error: ${job.failedReason.slice(0, 80)})` : '';
      bar.update(STEP[job.state] ?? 1, { state: job.state, attempt: job.attempts, note });
      if (job.state === 'completed' || job.state === 'failed') return job;
      if (Date.now() > deadline) throw new Error(`Gave up waiting after ${timeoutMs / 1000} s; job ${jobId} is ${job.state}.`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    bar.stop();
  }
}

/**
 * Polls a scope until none of its renders is pending, with a bar of the renders done. Returns the
 * last progress read, and whether the wait gave up first.
 */
async function waitForScope(
  config: RepublishCliConfig,
  scopeId: string,
  total: number,
  timeoutMs: number,
): Promise<{ progress: ScopeProgressResponse['progress']; timedOut: boolean }> {
  const bar = new cliProgress.SingleBar(
    { format: ' {bar} {value}/{total} rendered | {failed} failed | {pending} pending', hideCursor: true, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { failed: 0, pending: total });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const { status, json } = await call(config, 'GET', `/admin/republish/scopes/${encodeURIComponent(scopeId)}`);
      if (status !== 200) throw new Error(`Cannot read scope ${scopeId}: ${describeError(status, json)}`);
      const progress = scopeProgressResponseSchema.parse(json);
      const { completed, failed, pending } = progress.progress;
      bar.setTotal(progress.progress.total);
      bar.update(completed + failed, { failed, pending });
      if (pending === 0) return { progress: progress.progress, timedOut: false };
      if (Date.now() > deadline) return { progress: progress.progress, timedOut: true };
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    bar.stop();
  }
}

function describeScope(scope: ScopeAnswer['scope']): string {
  return scope.kind === 'site' ? `the whole ${scope.site} site` : `${scope.kind} ${scope.value} on ${scope.site}`;
}

async function runScope(config: RepublishCliConfig, args: CliArgs, body: Record<string, string>, requestedBy: string | undefined): Promise<number> {
  const { status, json } = await call(config, 'POST', '/admin/republish', {
    ...body,
    site: args.site,
    ...(requestedBy ? { requestedBy: requestedBy.slice(0, 200) } : {}),
  });
  if (status !== 202) {
    console.error(`Republish refused: ${describeError(status, json)}`);
    return 1;
  }
  const accepted = scopeResponseSchema.parse(json);
  console.log(`Republishing ${describeScope(accepted.scope)}: ${accepted.pages} page(s) (scope ${accepted.scope.id}).`);
  let rendered = '';
  let renderFailures = 0;
  let timedOut = false;
  if (args.wait && accepted.pages > 0) {
    const done = await waitForScope(config, accepted.scope.id, accepted.pages, args.timeoutMs);
    renderFailures = done.progress.failed;
    timedOut = done.timedOut;
    rendered = `; rendered ${done.progress.completed}, render failed ${done.progress.failed}, still pending ${done.progress.pending}`;
  }
  console.log(`Summary: ${accepted.enqueued} enqueued, ${accepted.deduplicated} deduplicated, ${accepted.failed} failed${rendered}.`);
  const listingFailed = accepted.listingFailed ?? null;
  // A whole site always has pages (its home, its crawler files): none means nothing was published.
  const nothing = accepted.scope.kind === 'site' && accepted.pages === 0;
  if (listingFailed !== null) console.error(`The page list stopped part-way, so only the pages listed before it were republished: ${listingFailed}. Fix that, then run the same command again.`);
  if (nothing) console.error(`Nothing was published: ${describeScope(accepted.scope)} listed no page.`);
  if (timedOut) console.error(`Gave up waiting after ${args.timeoutMs / 1000} s; the pending renders go on (scope ${accepted.scope.id}).`);
  if (accepted.failed > 0) console.error('Some pages could not be enqueued: see the ingest log, then run the same command again.');
  if (renderFailures > 0) console.error(`Failed renders are listed on the dashboard; \`npm run republish -- status <path>\` shows a page's last error.`);
  return accepted.failed > 0 || renderFailures > 0 || timedOut || listingFailed !== null || nothing ? 1 : 0;
}

async function runStatus(config: RepublishCliConfig, args: CliArgs, path: string): Promise<number> {
  const query = new URLSearchParams({ site: args.site, path });
  const { status, json } = await call(config, 'GET', `/admin/pages/status?${query.toString()}`);
  if (status !== 200) {
    console.error(`Status refused: ${describeError(status, json)}`);
    return 1;
  }
  const page = statusResponseSchema.parse(json);
  console.log(`${page.site} ${page.path}`);
  console.log(
    page.lastRendered
      ? `  last rendered  ${page.lastRendered.at} (${page.lastRendered.reason}${page.lastRendered.jobId ? `, job ${page.lastRendered.jobId}` : ''})`
      : '  nothing stored',
  );
  for (const v of page.variants) console.log(`  ${v.variant.padEnd(9)} ${String(v.bytes).padStart(8)} bytes  ${v.renderedAt}  ${v.reason}`);
  console.log(`  last error     ${page.lastError ? `${page.lastError.at} (${page.lastError.count} since last success): ${page.lastError.message}` : 'none'}`);
  console.log(`  depends on     ${page.dependencies.length > 0 ? page.dependencies.join(' ') : '(nothing recorded)'}`);
  console.log(`  versions       ${page.versions.length === 0 ? 'none kept' : 'newest first (roll back with --version <id>)'}`);
  for (const v of page.versions) console.log(`    ${v.id}  live from ${v.renderedAt} (${v.reason}; ${v.variants.join(', ')})`);
  return 0;
}

async function runRollback(config: RepublishCliConfig, args: CliArgs, path: string, version: string | undefined, requestedBy: string | undefined): Promise<number> {
  const { status, json } = await call(config, 'POST', '/admin/pages/rollback', {
    site: args.site,
    path,
    ...(version === undefined ? {} : { version }),
    ...(requestedBy ? { requestedBy: requestedBy.slice(0, 200) } : {}),
  });
  if (status !== 200) {
    console.error(`Rollback refused: ${describeError(status, json)}`);
    return 1;
  }
  const result = rollbackResponseSchema.parse(json);
  if (rolledBackNothing(result)) {
    console.error(rolledBackNothingMessage(result));
    return 1;
  }
  console.log(`Rolled back ${result.site} ${result.path} to version ${result.version}: ${result.restored.map((r) => `${r.variant} (${r.bytes} bytes)`).join(', ') || 'nothing restored'}.`);
  if (result.removed.length > 0) console.log(`Removed ${result.removed.length} variant(s) that version did not have.`);
  if (result.previous) console.log(`The page before the rollback is kept as version ${result.previous} (roll back to it to undo).`);
  console.log(result.purge.ok === true ? 'CDN purged.' : `CDN not purged: ${result.purge.reason ?? 'no reason given'}.`);
  if (result.stale.length > 0) console.warn(`${result.stale.length} variant(s) were not restored: a render that started after your request already replaced or removed them.`);
  console.log('The next render of this page (a content change, schedule or sweep) replaces the rollback: fix the content upstream.');
  return result.purge.ok === false ? 1 : 0;
}

async function run(argv: string[]): Promise<number> {
  const args = parseCliArgs(argv);
  const config = loadRepublishCliConfig(process.env);
  const requestedBy = args.by ?? config.user;
  const command = args.command;
  if (command.kind === 'scope') return await runScope(config, args, command.body, requestedBy);
  if (command.kind === 'status') return await runStatus(config, args, command.path);
  if (command.kind === 'rollback') return await runRollback(config, args, command.path, command.version, requestedBy);
  const { status, json } = await call(config, 'POST', '/admin/republish', {
    site: args.site,
    path: command.path,
    ...(requestedBy ? { requestedBy: requestedBy.slice(0, 200) } : {}),
  });
  if (status !== 202) {
    console.error(`Republish refused: ${describeError(status, json)}`);
    return 1;
  }
  const accepted = republishResponseSchema.parse(json);
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
  if (job.outcome?.kind === 'not-found') {
    // A typo, or a page the CMS does not have: the job "completed" but nothing is live there.
    console.error(job.outcome.summary);
    return 1;
  }
  console.log(`Live: ${accepted.site} ${accepted.path} rendered at ${job.timestamps.finished ?? 'unknown time'} (${job.attempts} attempt(s), waited ${seconds} s).`);
  if (job.outcome) console.log(job.outcome.summary);
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
