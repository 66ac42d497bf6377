import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { FAVICON_PATH, FAVICON_SVG, faviconPlugin } from './favicon.js';

describe('GET /favicon.ico', () => {
  it('answers the constant icon, cacheable for a day, without storage', async () => {
    const app = Fastify();
    app.decorateRequest('routeKind', null);
    await app.register(faviconPlugin);
    const response = await app.inject({ method: 'GET', url: FAVICON_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.body).toBe(FAVICON_SVG);
    await app.close();
  });
});
