/**
 * The queue dashboard (docs/architecture.md "What it is for": operators get a queue dashboard and
 * clear failure reasons): bull-board at
 * /admin/queues, behind the admin token. A browser opens `/admin/queues?token=...` once (the
 * address `npm start` prints); the token becomes a session cookie (auth.ts).
 */
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { Queue } from 'bullmq';
import type { FastifyPluginAsync } from 'fastify';
import { PlatformError } from '../core/errors.js';
import { exchangeQueryToken, requireAdmin } from './auth.js';

export const DASHBOARD_PATH = '/admin/queues';

export interface DashboardPluginOptions {
  /** ADMIN_TOKEN. */
  adminToken: string;
  /** Queues to show (the render queue). */
  queues: readonly Queue[];
  /** Hide retry, clean and remove buttons. */
  readOnly?: boolean;
}

export const dashboardPlugin: FastifyPluginAsync<DashboardPluginOptions> = async (app, options) => {
  if (options.adminToken.length < 16) throw new PlatformError('CONFIG_INVALID', 'dashboard: the admin token must be at least 16 characters');
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(DASHBOARD_PATH);
  createBullBoard({
    queues: options.queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode: options.readOnly ?? false })),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Render queue' } },
  });
  // Hooks added here run for every route bull-board registers below (Fastify encapsulation):
  // the token exchange first, then the check, so nothing under /admin/queues answers without it.
  app.addHook('onRequest', exchangeQueryToken({ token: options.adminToken }));
  app.addHook('onRequest', requireAdmin({ token: options.adminToken, allowCookie: true }));
  await app.register(serverAdapter.registerPlugin(), { prefix: DASHBOARD_PATH });
};
