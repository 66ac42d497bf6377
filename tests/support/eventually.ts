/**
 * Polls `probe` until it returns something other than undefined, for tests that wait on the
 * pipeline (a render landing in storage, a page served fresh). Throws naming `what` on timeout, so
 * a failing test says what never happened.
 */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
