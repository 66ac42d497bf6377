/**
 * Requests to the local stack's edge router as a browser or crawler would send them: a site's
 * public URL (http://localhost:PORT/... for news, http://es.localhost:PORT/... for the Spanish
 * edition, infra/local/stack.ts) is sent to the edge's address with that URL's Host header, so
 * no name resolution of *.localhost is needed.
 */
import { request } from 'node:http';

export interface EdgeAnswer {
  status: number;
  contentType: string;
  location?: string;
  body: Buffer;
}

/** GET (or HEAD) `publicUrl` through the edge router listening at `edgeUrl`; redirects are not followed. */
export function edgeRequest(edgeUrl: string, publicUrl: string, method: 'GET' | 'HEAD' = 'GET'): Promise<EdgeAnswer> {
  const edge = new URL(edgeUrl);
  const target = new URL(publicUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: edge.hostname, port: edge.port, path: `${target.pathname}${target.search}`, method, headers: { host: target.host } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const location = res.headers.location;
          resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'] ?? '', body: Buffer.concat(chunks), ...(location ? { location } : {}) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}
