/**
 * A small admin page for editors (DESIGN.md, "editors: republish a page ... see when it went live"):
 * GET /admin shows a plain HTML form; POST /admin/republish-form enqueues and shows the job, with
 * links to the dashboard. No framework and no script: it must work from any browser.
 *
 * Authentication as for the dashboard: Bearer header, or the session cookie set by `?token=`.
 * The form posts with that cookie; SameSite=Strict keeps other sites from posting it (CSRF).
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { isPlatformError, PlatformError } from '../core/errors.js';
import { SITE_IDS } from '../core/isomorphic/sites.js';
import type { Logger } from '../core/logger.js';
import { exchangeQueryToken, requireAdmin } from './auth.js';
import { DASHBOARD_PATH } from './dashboard.js';
import type { RenderProducer } from './producer.js';
import { parseRepublishRequest, republishJob } from './republish.js';
import { RENDER_QUEUE } from '../core/queue.js';

export interface AdminPagePluginOptions {
  /** ADMIN_TOKEN. */
  adminToken: string;
  producer: RenderProducer;
  logger: Logger;
}

const FORM_MAX_BYTES = 16 * 1024;

/** The form's fields as strings; parseRepublishRequest validates them. Unknown fields are ignored. */
const formFields = z.object({ site: z.string().optional(), path: z.string().optional(), requestedBy: z.string().optional() });

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#111}
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
</body>
</html>
`;
}

function form(values: { site?: string; path?: string; requestedBy?: string } = {}): string {
  const options = SITE_IDS.map((s) => `<option value="${s}"${values.site === s ? ' selected' : ''}>${s}</option>`).join('');
  return `<form method="post" action="/admin/republish-form">
<label for="site">Site</label>
<select id="site" name="site">${options}</select>
<label for="path">Page path or URL</label>
<input id="path" name="path" required placeholder="/politics/some-article" value="${escapeHtml(values.path ?? '')}">
<label for="requestedBy">Your name</label>
<input id="requestedBy" name="requestedBy" maxlength="200" value="${escapeHtml(values.requestedBy ?? '')}">
<button type="submit">Republish</button>
</form>`;
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

  app.get('/admin', async (_request, reply) => {
    return await reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page('Republish a page', form()));
  });

  app.post('/admin/republish-form', async (request, reply) => {
    const fields = formFields.safeParse(request.body);
    const raw = fields.success ? fields.data : {};
    const values = {
      site: raw.site,
      path: raw.path ?? '',
      requestedBy: raw.requestedBy !== undefined && raw.requestedBy.trim() !== '' ? raw.requestedBy : undefined,
    };
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    try {
      const input = parseRepublishRequest(values);
      const result = await options.producer.enqueue(republishJob({ ...input, requestedBy: input.requestedBy ?? 'admin-page' }));
      options.logger.info({ site: input.site, path: input.path, ...result }, 'republish requested from the admin page');
      const jobLink = result.jobId === undefined ? '' : ` <a href="${DASHBOARD_PATH}/queue/${RENDER_QUEUE}/${encodeURIComponent(result.jobId)}">job ${escapeHtml(result.jobId)}</a>`;
      const note = result.queuedAfterActive
        ? ' (this page is rendering now; your request runs when that render finishes)'
        : result.deduplicated
          ? ' (a render of this page was already queued; it will carry your request)'
          : '';
      return await reply
        .status(202)
        .send(page('Republish a page', `<p class="ok">Queued ${escapeHtml(input.site)} ${escapeHtml(input.path)}:${jobLink}${note}.</p>${form(values)}`));
    } catch (error) {
      if (!isPlatformError(error) || !error.expose) throw error;
      return await reply.status(error.status).send(page('Republish a page', `<p class="err">${escapeHtml(error.message)}</p>${form(values)}`));
    }
  });
  done();
};
