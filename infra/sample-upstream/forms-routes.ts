/**
 * The sample upstream's newsletter and contact services (docs/upstream-contract.md §5.19, §5.20),
 * called by the edge router's POST /api/newsletter and POST /api/contact. Registered after the
 * server's fault switch, so a test makes them fail with POST /__sample/faults
 * ({ path: '/api/contact', mode: 'status', status: 503 }) and sees the island's error text.
 *
 *   POST /api/newsletter/subscribe  { email, newsletterId }  -> 200 { data: { results: [{ status: 'subscribed' }] } }
 *   POST /api/contact               { name, email, message, state?, town?, email_token, form_id }
 *                                   -> 200 { data: { results: [{ status: 'sent' }] } }
 *
 * Both check the fields they need (400 otherwise, as a real service would) and keep nothing: the
 * sample has no mailbox.
 */
import { z } from 'zod';
import type { SampleUpstreamApp } from './server.js';

const subscribeSchema = z.looseObject({ email: z.string().includes('@'), newsletterId: z.string().min(1) });
const contactSchema = z.looseObject({
  name: z.string().min(1),
  email: z.string().includes('@'),
  message: z.string().min(1),
  email_token: z.string(),
  form_id: z.string().min(1),
});

function badRequest(message: string) {
  return { error: { code: 'BAD_REQUEST', message } };
}

export function registerFormsRoutes(app: SampleUpstreamApp): void {
  app.post('/api/newsletter/subscribe', (request, reply) => {
    if (!subscribeSchema.safeParse(request.body).success) return reply.code(400).send(badRequest('email and newsletterId are required'));
    return reply.send({ data: { results: [{ status: 'subscribed' }] } });
  });

  app.post('/api/contact', (request, reply) => {
    if (!contactSchema.safeParse(request.body).success) return reply.code(400).send(badRequest('name, email, message, email_token and form_id are required'));
    return reply.send({ data: { results: [{ status: 'sent' }] } });
  });
}
