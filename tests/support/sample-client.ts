/**
 * One request to the sample upstream's test scaffolding (`/__sample/*`: edits, faults, reset;
 * docs/upstream-contract.md §6), for tests that change content or inject faults. Throws with the
 * status and body when the sample refuses, so a test's set-up fails loudly.
 */
export async function sampleRequest(baseUrl: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  // Some scaffolding routes answer 204 with no body.
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}
