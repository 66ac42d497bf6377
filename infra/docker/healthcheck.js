/**
 * Container health probe (docs/operations.md): `node infra/docker/healthcheck.js <url>` exits 0 when
 * the URL answers 2xx within 3 s, and 1 otherwise. The Dockerfile's HEALTHCHECK and every app
 * service in docker-compose.yml use it: node:*-slim images carry no curl or wget. Plain JavaScript,
 * so a probe costs one node start and not tsx's transform (ADR 0002).
 */
const url = process.argv[2];
if (url === undefined) {
  console.error('usage: node infra/docker/healthcheck.js <url>');
  process.exit(2);
}
try {
  const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
  await response.body?.cancel();
  if (!response.ok) console.error(`healthcheck: ${url} answered ${response.status}`);
  process.exit(response.ok ? 0 : 1);
} catch (error) {
  console.error(`healthcheck: ${url}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
