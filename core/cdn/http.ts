/**
 * One purge request over HTTP, shared by the Varnish and Fastly drivers: a timeout, and every
 * outcome turned into a result with a readable reason and whether a retry may help. Nothing here
 * logs or returns request headers, so an API token never reaches a log line.
 */

export interface PurgeRequest {
  url: string;
  method: 'PURGE' | 'POST';
  headers: Record<string, string>;
  timeoutMs: number;
  /** Who answered, for the reason: "Varnish at http://varnish:8080". */
  target: string;
}

export interface PurgeResponse {
  ok: boolean;
  status?: number;
  reason?: string;
  retryable?: boolean;
}

/** Statuses where the same request may succeed later. */
function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** At most 200 printable characters of an error body: enough to read, never a page of HTML. */
function snippet(text: string): string {
  const flat = text.replace(/<[^>]*>/g, ' ').replace(/[^\x20-\x7e]+/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}...` : flat;
}

function describeNetworkError(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'timed out';
  const cause = error instanceof Error ? error.cause : undefined;
  // undici wraps the socket error: "fetch failed" with a cause carrying the errno code.
  if (cause instanceof Error) {
    const code = 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
    return code ? `${code} (${cause.message})` : cause.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export async function sendPurgeRequest(request: PurgeRequest): Promise<PurgeResponse> {
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
  } catch (error) {
    const detail = describeNetworkError(error);
    const timedOut = detail === 'timed out';
    return {
      ok: false,
      reason: `${request.target} ${timedOut ? `did not answer within ${request.timeoutMs} ms` : `could not be reached: ${detail}`}`,
      retryable: true,
    };
  }
  // Read the body either way so the connection goes back to the pool.
  const body = await response.text().catch(() => '');
  if (response.ok) return { ok: true, status: response.status };
  const text = snippet(body);
  return {
    ok: false,
    status: response.status,
    reason: `${request.target} answered ${response.status} ${response.statusText}${text ? `: ${text}` : ''}`.trim(),
    retryable: isRetryableStatus(response.status),
  };
}
