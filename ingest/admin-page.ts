/**
 * A small admin page for editors (docs/architecture.md "Editor tools": republish a page, a section, a tag or
 * the whole site, see when a page went live, and roll a page back):
 *
 *   GET  /admin                 the republish form (a page, or a scope: prefix, section, tag, site)
 *                               and the page status form
 *   POST /admin/republish-form  enqueues and shows the job or the scope's counts
 *   GET  /admin/page?site=&path=  a page's status: variants, sizes, last render, last error,
 *                               dependency keys, kept versions with a rollback button each
 *   POST /admin/rollback-form   rolls the page back and shows what was restored
 *   GET  /admin/job?id=         one render job: its state and, once done, what it did (the page
 *                               refreshes itself every 2 s until the job is over)
 *   GET  /admin/scope?id=       a scope's renders: done, failed and pending, refreshing itself
 *                               every 2 s while any is pending
 *
 * Server-rendered HTML, no framework: it must work from any browser. Every control has a visible
 * label. Times are written in UTC; one small inline script rewrites them in the editor's own time
 * zone (without script they stay UTC, labelled so). Status and rollback appear when the admin server has object storage
 * (`pages`); scopes other than a single page need it too.
 *
 * Authentication as for the dashboard: Bearer header, or the session cookie set by `?token=`.
 * The form posts with that cookie; SameSite=Strict keeps other sites from posting it (CSRF).
 */
import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import type { Queue } from 'bullmq';
import type { RedisClient } from '../core/redis.js';
import { z } from 'zod';
import type { DependencyIndex } from '../core/dependency-index.js';
import { isPlatformError, PlatformError } from '../core/errors.js';
import { SITE_IDS } from '../core/isomorphic/sites.js';
import type { Logger } from '../core/logger.js';
import type { ObjectStore } from '../core/storage/types.js';
import { rolledBackNothing, rolledBackNothingMessage } from './admin-api.js';
import { exchangeQueryToken, requireAdmin } from './auth.js';
import { DASHBOARD_PATH } from './dashboard.js';
import { parseRollbackRequest, parseStatusQuery, type PageAdmin, type PageStatus, type RollbackResponse } from './page-admin.js';
import type { RenderProducer } from './producer.js';
import { jobStatus, parseRepublishRequest, parseScopeRequest, republishJob, republishScope, scopeProgress, type JobStatus, type ScopeKind, type ScopeProgress, type ScopeResponse, type SiteMapSource } from './republish.js';
import { RENDER_QUEUE } from '../core/queue.js';

export interface AdminPagePluginOptions {
  /** ADMIN_TOKEN. */
  adminToken: string;
  producer: RenderProducer;
  logger: Logger;
  /** Scopes (prefix, section, tag, site): the render queue, Redis, storage and the dependency index. */
  queue?: Queue | undefined;
  redis?: RedisClient | undefined;
  store?: ObjectStore | undefined;
  index?: DependencyIndex | undefined;
  /** The upstream site map, where the whole site's republish starts. */
  siteMap?: SiteMapSource | undefined;
  /** Page status and rollback (page-admin.ts); without it the page offers republish only. */
  pages?: PageAdmin | undefined;
  /** How long the form waits for a single-page republish to finish (default FORM_WAIT_MS). */
  formWaitMs?: number;
}

const FORM_MAX_BYTES = 16 * 1024;

/** The form's fields as strings; parseRepublishRequest validates them. Unknown fields are ignored. */
const formFields = z.object({ site: z.string().optional(), scope: z.string().optional(), path: z.string().optional(), requestedBy: z.string().optional() });
const rollbackFields = z.object({ site: z.string().optional(), path: z.string().optional(), version: z.string().optional(), requestedBy: z.string().optional() });

const SCOPE_CHOICES: ReadonlyArray<{ value: 'page' | ScopeKind; label: string }> = [
  { value: 'page', label: 'One page (path or URL)' },
  { value: 'prefix', label: 'Every page under a path prefix' },
  { value: 'section', label: 'A section (its front, its pages, pages listing it)' },
  { value: 'tag', label: 'Every page showing a tag' },
  { value: 'site', label: 'The whole site' },
];

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Rewrites every `<time data-local>` in the reader's own time zone and locale. */
const LOCAL_TIME_SCRIPT =
  "for(const t of document.querySelectorAll('time[data-local]')){const d=new Date(t.dateTime);if(!isNaN(d))t.textContent=d.toLocaleString(undefined,{dateStyle:'medium',timeStyle:'medium'})+' (your time)'}";

/** An ISO instant as a `<time>`: UTC text, rewritten in the editor's time zone by LOCAL_TIME_SCRIPT. */
export function timeHtml(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return escapeHtml(iso);
  return `<time datetime="${escapeHtml(date.toISOString())}" data-local>${escapeHtml(date.toISOString().slice(0, 19).replace('T', ' '))} UTC</time>`;
}

/** How long the form waits for a single-page republish to finish before answering (ms). */
export const FORM_WAIT_MS = 4_000;
const FORM_POLL_MS = 100;

function page(title: string, body: string, options: { refreshSeconds?: number } = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
${options.refreshSeconds === undefined ? '' : `<meta http-equiv="refresh" content="${options.refreshSeconds}">`}
<title>${escapeHtml(title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#111}
.scroll{overflow-x:auto;margin:.5rem 0 1rem}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.25rem .5rem;border-bottom:1px solid #ccc;vertical-align:top}
.hint{color:#444;font-size:.9rem;margin:.25rem 0}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input,select{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}
button{font:inherit;margin-top:1rem;padding:.5rem 1.25rem}
.ok{background:#e8f5e9;padding:.75rem}.err{background:#fdecea;padding:.75rem}
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
<p><a href="${DASHBOARD_PATH}">Queue dashboard</a></p>
<script>${LOCAL_TIME_SCRIPT}</script>
</body>
</html>
`;
}

interface FormValues {
  site?: string | undefined;
  scope?: string | undefined;
  path?: string | undefined;
  requestedBy?: string | undefined;
}

function siteOptions(selected: string | undefined): string {
  return SITE_IDS.map((s) => `<option value="${s}"${selected === s ? ' selected' : ''}>${s}</option>`).join('');
}

function form(values: FormValues = {}, withScopes = false): string {
  const scopes = (withScopes ? SCOPE_CHOICES : SCOPE_CHOICES.slice(0, 1))
    .map((c) => `<option value="${c.value}"${(values.scope ?? 'page') === c.value ? ' selected' : ''}>${escapeHtml(c.label)}</option>`)
    .join('');
  return `<h2>Republish</h2>
<form method="post" action="/admin/republish-form">
<label for="site">Site</label>
<select id="site" name="site">${siteOptions(values.site)}</select>
<label for="scope">What to republish</label>
<select id="scope" name="scope">${scopes}</select>
<label for="path">Path, URL, prefix, section or tag</label>
<input id="path" name="path" placeholder="/politics/some-article" aria-describedby="path-hint" value="${escapeHtml(values.path ?? '')}">
<p class="hint" id="path-hint">A page: its path or URL. A prefix: a path such as /politics. A section: its slug, such as politics. A tag: as the CMS names it. The whole site: leave empty.</p>
<label for="requestedBy">Your name</label>
<input id="requestedBy" name="requestedBy" maxlength="200" value="${escapeHtml(values.requestedBy ?? '')}">
<button type="submit">Republish</button>
</form>`;
}

function statusForm(values: { site?: string | undefined; path?: string | undefined } = {}): string {
  return `<h2>Page status and rollback</h2>
<form method="get" action="/admin/page">
<label for="status-site">Site</label>
<select id="status-site" name="site">${siteOptions(values.site)}</select>
<label for="status-path">Page path or URL</label>
<input id="status-path" name="path" required placeholder="/politics/some-article" value="${escapeHtml(values.path ?? '')}">
<button type="submit">Show status</button>
</form>`;
}

function home(values: FormValues, withPages: boolean, message = ''): string {
  return `${message}${form(values, withPages)}${withPages ? statusForm({ site: values.site }) : ''}`;
}

function kib(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`;
}

function statusHtml(status: PageStatus): string {
  const when = status.lastRendered
    ? `<p>Last changed <strong>${timeHtml(status.lastRendered.at)}</strong> (reason: ${escapeHtml(status.lastRendered.reason)}${status.lastRendered.jobId ? `, ${jobLink(status.lastRendered.jobId)}` : ''}).</p>`
    : '<p>Nothing is stored for this page.</p>';
  const render = status.lastRender;
  const lastRender = render
    ? `<p>Last render <strong>${timeHtml(render.at)}</strong> (reason: ${escapeHtml(render.reason)}${render.jobId ? `, ${jobLink(render.jobId)}` : ''}): ${
        render.kept ? 'degraded, the stored page was kept' : render.written > 0 ? `${render.written} object(s) written` : 'unchanged'
      }.${render.staleData.length > 0 ? ` <span class="err">Shown from the last good copy (the read failed): ${escapeHtml(render.staleData.join(', '))}.</span>` : ''}${
        render.missingData.length > 0 ? ` <span class="err">No good copy anywhere, shown empty: ${escapeHtml(render.missingData.join(', '))}.</span>` : ''
      }</p>`
    : '';
  const error = status.lastError
    ? `<p class="err">Last error ${timeHtml(status.lastError.at)} (${escapeHtml(status.lastError.reason)}${status.lastError.jobId ? `, ${jobLink(status.lastError.jobId)}` : ''}, ${status.lastError.count} failure(s) since the last success): ${escapeHtml(status.lastError.message)}</p>`
    : '<p>No failed render since the last success.</p>';
  const variants = status.variants
    .map(
      (v) =>
        `<tr><th scope="row">${escapeHtml(v.variant)}</th><td>${kib(v.bytes)}</td><td>${timeHtml(v.renderedAt)}</td><td>${escapeHtml(v.reason)}</td><td>${escapeHtml(v.jobId ?? '')}</td></tr>`,
    )
    .join('');
  const versions = status.versions
    .map(
      (v) => `<tr><th scope="row">${timeHtml(v.renderedAt)}</th><td>${escapeHtml(v.reason)}</td><td>${escapeHtml(v.variants.join(', '))}</td><td>
<form method="post" action="/admin/rollback-form"><input type="hidden" name="site" value="${escapeHtml(status.site)}"><input type="hidden" name="path" value="${escapeHtml(status.path)}"><input type="hidden" name="version" value="${escapeHtml(v.id)}"><button type="submit" aria-label="Roll back to the version of ${escapeHtml(v.renderedAt)}">Roll back to this version</button></form></td></tr>`,
    )
    .join('');
  return `<h2>${escapeHtml(status.site)} ${escapeHtml(status.path)}</h2>
${lastRender}${when}
${error}
${status.variants.length > 0 ? scrollingTable('Stored variants', `<thead><tr><th scope="col">Variant</th><th scope="col">Size</th><th scope="col">Rendered at</th><th scope="col">Reason</th><th scope="col">Job</th></tr></thead><tbody>${variants}</tbody>`) : ''}
<h3>Dependency keys</h3>
${status.dependencies.length > 0 ? `<ul>${status.dependencies.map((k) => `<li><code>${escapeHtml(k)}</code></li>`).join('')}</ul>` : '<p>None recorded.</p>'}
<h3>Earlier versions</h3>
${status.versions.length > 0 ? `${scrollingTable('Kept versions, newest first', `<thead><tr><th scope="col">Live from</th><th scope="col">Reason</th><th scope="col">Variants</th><th scope="col">Rollback</th></tr></thead><tbody>${versions}</tbody>`)}<p class="hint">A rollback stays until the page renders again (its next content change, schedule or sweep). Fix the content upstream.</p>` : '<p>No earlier version is kept.</p>'}`;
}

/**
 * A table in a box of its own that scrolls sideways, so a phone-width page never does: a page's
 * job ids and times make the stored-variants table wider than 390 px. The box is a named region
 * that takes focus, so a keyboard can scroll it too.
 */
function scrollingTable(caption: string, rows: string): string {
  return `<div class="scroll" role="region" aria-label="${escapeHtml(caption)}" tabindex="0"><table><caption>${escapeHtml(caption)}</caption>${rows}</table></div>`;
}

function rollbackHtml(result: RollbackResponse): string {
  const restored = result.restored.map((r) => `${escapeHtml(r.variant)} (${kib(r.bytes)})`).join(', ');
  const purge =
    result.purge.ok === true ? 'The CDN was asked to purge the page.' : result.purge.ok === false ? `The CDN purge failed: ${escapeHtml(result.purge.reason ?? 'no reason')}.` : `No CDN purge: ${escapeHtml(result.purge.reason ?? '')}.`;
  if (rolledBackNothing(result)) return `<p class="err">${escapeHtml(rolledBackNothingMessage(result))}</p>`;
  const stale = result.stale.length > 0 ? ` A render that started after your request already replaced or removed ${result.stale.length} variant(s); they were left as they are.` : '';
  return `<p class="ok">Rolled back ${escapeHtml(result.site)} ${escapeHtml(result.path)} to version ${escapeHtml(result.version)}: restored ${restored || 'nothing'}${result.removed.length > 0 ? `; removed ${result.removed.length} variant(s) that version did not have` : ''}. ${purge}${stale}</p>`;
}

/** A link to a job's own page (GET /admin/job). */
function jobLink(id: string): string {
  return `<a href="/admin/job?id=${encodeURIComponent(id)}">job ${escapeHtml(id)}</a>`;
}

const FINISHED_STATES = new Set(['completed', 'failed']);

/** A job as the editor reads it: its state, what it did once done, and when. */
function jobHtml(job: JobStatus): string {
  const where = `${escapeHtml(job.site ?? '?')} ${escapeHtml(job.path ?? '?')}`;
  let verdict: string;
  if (job.state === 'completed' && job.outcome !== null) {
    verdict = `<p class="${job.outcome.kind === 'not-found' || job.outcome.kept > 0 ? 'err' : 'ok'}">${where}: ${escapeHtml(job.outcome.summary)}</p>`;
  } else if (job.state === 'completed') {
    verdict = `<p class="ok">${where}: rendered.</p>`;
  } else if (job.state === 'failed') {
    verdict = `<p class="err">${where}: the render failed after ${job.attempts} attempt(s): ${escapeHtml(job.failedReason ?? 'no reason recorded')}.</p>`;
  } else {
    const retrying = job.failedReason !== null ? ` Attempt ${job.attempts} failed (${escapeHtml(job.failedReason.slice(0, 200))}); it is retried automatically.` : '';
    verdict = `<p>${where}: ${escapeHtml(job.state === 'active' ? 'rendering now' : 'waiting for a render worker')} (${escapeHtml(job.state)}).${retrying} This page refreshes itself until the job is over.</p>`;
  }
  const times = [
    job.timestamps.created ? `<li>Queued ${timeHtml(job.timestamps.created)}</li>` : '',
    job.timestamps.processed ? `<li>Started ${timeHtml(job.timestamps.processed)}</li>` : '',
    job.timestamps.finished ? `<li>Finished ${timeHtml(job.timestamps.finished)}</li>` : '',
  ].join('');
  const statusLink =
    job.site !== null && job.path !== null ? `<p><a href="/admin/page?site=${encodeURIComponent(job.site)}&amp;path=${encodeURIComponent(job.path)}">Page status</a></p>` : '';
  const dashboard = `<p><a href="${DASHBOARD_PATH}/queue/${RENDER_QUEUE}/${encodeURIComponent(job.id)}">This job in the queue dashboard</a></p>`;
  return `<h2>Job ${escapeHtml(job.id)}</h2>${verdict}${times ? `<ul>${times}</ul>` : ''}${statusLink}${dashboard}`;
}

function scopeLink(id: string): string {
  return `<a href="/admin/scope?id=${encodeURIComponent(id)}">scope ${escapeHtml(id)}</a>`;
}

/** A scope's progress as the editor reads it: a bar of the renders over, and what is left. */
function scopeProgressHtml(scope: ScopeProgress): string {
  const what = scope.scope.kind === 'site' ? 'the whole site' : `${scope.scope.kind} ${scope.scope.value}`;
  const { total, completed, failed, pending } = scope.progress;
  const over = completed + failed;
  const state = pending > 0 ? `${pending} still to render; this page refreshes itself until they are done.` : failed > 0 ? 'Done, with failures: the page status of each failed page says why.' : 'Done.';
  return `<h2>Republish of ${escapeHtml(what)} on ${escapeHtml(scope.scope.site)}</h2>
<p><label for="scope-progress">Rendered</label><progress id="scope-progress" max="${total}" value="${over}">${over} of ${total}</progress></p>
<p class="${failed > 0 ? 'err' : 'ok'}">${completed} of ${total} page(s) rendered, ${failed} failed. ${escapeHtml(state)}</p>`;
}

function scopeHtml(result: ScopeResponse): string {
  const what = result.scope.kind === 'site' ? 'the whole site' : `${result.scope.kind} ${result.scope.value}`;
  const queued = `<p class="ok">Queued ${escapeHtml(what)} on ${escapeHtml(result.scope.site)}: ${result.pages} page(s), ${result.enqueued} new job(s), ${result.deduplicated} joined a render already queued, ${result.failed} failed. Follow its progress: ${scopeLink(result.scope.id)}. These renders run after single-page republishes, content changes and schedules.</p>`;
  if (result.listingFailed === null) return queued;
  return `${queued}<p class="err">Only part of the pages were listed: ${escapeHtml(result.listingFailed)}. Run the same republish again once that is fixed.</p>`;
}

export const adminPagePlugin: FastifyPluginCallback<AdminPagePluginOptions> = (app, options, done) => {
  if (options.adminToken.length < 16) {
    done(new PlatformError('CONFIG_INVALID', 'admin page: the admin token must be at least 16 characters'));
    return;
  }
  app.addHook('onRequest', exchangeQueryToken({ token: options.adminToken }));
  app.addHook('onRequest', requireAdmin({ token: options.adminToken, allowCookie: true }));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_MAX_BYTES }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });

  const withPages = options.pages !== undefined;
  const TITLE = withPages ? 'Republish and page status' : 'Republish a page';
  const html = (status: number, body: string) => ({ status, body: page(TITLE, body) });

  app.get('/admin', async (_request, reply) => {
    return await reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(TITLE, home({}, withPages)));
  });

  /** Runs `work` and renders its HTML, or the user's mistake above the form; anything else is thrown. */
  const answer = async (reply: FastifyReply, values: FormValues, work: () => Promise<{ status: number; body: string }>) => {
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    let result;
    try {
      result = await work();
    } catch (error) {
      if (!isPlatformError(error) || !error.expose) throw error;
      result = html(error.status, home(values, withPages, `<p class="err">${escapeHtml(error.message)}</p>`));
    }
    return await reply.status(result.status).send(result.body);
  };

  app.post('/admin/republish-form', async (request, reply) => {
    const fields = formFields.safeParse(request.body);
    const raw = fields.success ? fields.data : {};
    const values: FormValues = {
      site: raw.site,
      scope: raw.scope ?? 'page',
      path: raw.path ?? '',
      requestedBy: raw.requestedBy !== undefined && raw.requestedBy.trim() !== '' ? raw.requestedBy : undefined,
    };
    return await answer(reply, values, async () => {
      if (values.scope !== 'page') {
        const target = (values.path ?? '').trim();
        const scopeInput: Record<string, unknown> = { scope: values.scope, site: values.site, requestedBy: values.requestedBy ?? 'admin-page' };
        if (values.scope === 'prefix') scopeInput.prefix = target;
        if (values.scope === 'section') scopeInput.section = target;
        if (values.scope === 'tag') scopeInput.tag = target;
        const scope = parseScopeRequest(scopeInput);
        if (!options.queue || !options.redis) throw new PlatformError('CONFIG_INVALID', 'admin page: republish scopes need the queue and Redis');
        const result = await republishScope(scope, {
          producer: options.producer,
          queue: options.queue,
          redis: options.redis,
          logger: options.logger,
          store: options.store,
          index: options.index,
          siteMap: options.siteMap,
        });
        return html(202, home(values, withPages, scopeHtml(result)));
      }
      const input = parseRepublishRequest({ site: values.site, path: values.path, requestedBy: values.requestedBy });
      const result = await options.producer.enqueue(republishJob({ ...input, requestedBy: input.requestedBy ?? 'admin-page' }));
      options.logger.info({ site: input.site, path: input.path, ...result }, 'republish requested from the admin page');
      // A single page renders in well under a second when the queue is not backed up: wait for it,
      // so the editor reads what happened (published, already current, or no page at that path).
      const finished = result.jobId === undefined ? null : await waitForJob(result.jobId, options.formWaitMs ?? FORM_WAIT_MS);
      if (finished !== null) return html(200, home(values, withPages, jobHtml(finished)));
      const link = result.jobId === undefined ? '' : ` ${jobLink(result.jobId)}: follow its progress.`;
      const note = result.queuedAfterActive
        ? ' This page is rendering now; your request runs when that render finishes.'
        : result.deduplicated
          ? ' A render of this page was already queued; it will carry your request.'
          : '';
      return html(202, home(values, withPages, `<p class="ok">Queued ${escapeHtml(input.site)} ${escapeHtml(input.path)}.${link}${note}</p>`));
    });
  });

  /** The job's status once it is over, or null when it is still pending after `waitMs`. */
  const waitForJob = async (id: string, waitMs: number): Promise<JobStatus | null> => {
    const queue = options.queue;
    if (queue === undefined || waitMs <= 0) return null;
    const deadline = Date.now() + waitMs;
    for (;;) {
      const status = await jobStatus(queue, id);
      if (status !== null && FINISHED_STATES.has(status.state)) return status;
      if (Date.now() + FORM_POLL_MS > deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, FORM_POLL_MS));
    }
  };

  app.get('/admin/job', async (request, reply) => {
    const query = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) }).safeParse(request.query);
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!query.success) return await reply.status(400).send(page('Render job', `<p class="err">Give a job id, as the republish form shows it.</p>${home({}, withPages)}`));
    if (options.queue === undefined) throw new PlatformError('CONFIG_INVALID', 'admin page: job pages need the render queue');
    const status = await jobStatus(options.queue, query.data.id);
    if (status === null) {
      return await reply
        .status(404)
        .send(page('Render job', `<p class="err">No job ${escapeHtml(query.data.id)}: it finished more than a day ago, or a newer request for the same page replaced it.</p>`));
    }
    const over = FINISHED_STATES.has(status.state);
    return await reply.send(page('Render job', `${jobHtml(status)}<p><a href="/admin">Republish another page</a></p>`, over ? {} : { refreshSeconds: 2 }));
  });

  app.get('/admin/scope', async (request, reply) => {
    const query = z.object({ id: z.string().regex(/^s-[A-Za-z0-9-]{1,100}$/) }).safeParse(request.query);
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!query.success) return await reply.status(400).send(page('Republish scope', `<p class="err">Give a scope id, as the republish form shows it.</p>${home({}, withPages)}`));
    if (options.queue === undefined || options.redis === undefined) throw new PlatformError('CONFIG_INVALID', 'admin page: scope pages need the queue and Redis');
    const progress = await scopeProgress(options.queue, options.redis, query.data.id);
    if (progress === null) {
      return await reply.status(404).send(page('Republish scope', `<p class="err">No republish scope ${escapeHtml(query.data.id)}: it was requested more than a day ago, or never.</p>`));
    }
    return await reply.send(
      page('Republish scope', `${scopeProgressHtml(progress)}<p><a href="/admin">Republish something else</a></p>`, progress.progress.pending > 0 ? { refreshSeconds: 2 } : {}),
    );
  });

  const pages = options.pages;
  if (pages) {
    app.get('/admin/page', async (request, reply) => {
      const query = z.object({ site: z.string().optional(), path: z.string().optional() }).safeParse(request.query);
      const values = query.success ? query.data : {};
      return await answer(reply, { site: values.site, path: values.path }, async () => {
        const status = await pages.status(parseStatusQuery({ site: values.site, path: values.path ?? '' }));
        return html(200, `${statusHtml(status)}${statusForm({ site: status.site, path: status.path })}${form({ site: status.site, path: status.path }, true)}`);
      });
    });

    app.post('/admin/rollback-form', async (request, reply) => {
      const fields = rollbackFields.safeParse(request.body);
      const raw = fields.success ? fields.data : {};
      return await answer(reply, { site: raw.site, path: raw.path }, async () => {
        const input = parseRollbackRequest({
          site: raw.site,
          path: raw.path ?? '',
          ...(raw.version ? { version: raw.version } : {}),
          requestedBy: raw.requestedBy?.trim() ? raw.requestedBy : 'admin-page',
        });
        const result = await pages.rollback(input);
        const status = await pages.status(input.page);
        return html(200, `${rollbackHtml(result)}${statusHtml(status)}${statusForm({ site: status.site, path: status.path })}`);
      });
    });
  }
  done();
};
