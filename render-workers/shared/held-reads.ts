/**
 * Reads a render starts before it knows it will use them (ADR 0040: an article page's path reads
 * start beside the article's own read). Until the render keeps them, nothing they do reaches the
 * render's records:
 * - the data keys they read are held, and handed to the render's recorder on `keep`;
 * - good side data is remembered on `keep` (core/upstream/side-data.ts);
 * - a failed side read waits for the decision before it falls back, so only a kept read's
 *   fallback (its last good copy, or empty) is reported as the render's stale or missing data.
 *
 * `discard` (the path holds no such page) drops all of it: a failed read then falls back to empty
 * silently, and no render awaits it.
 */
import type { UpstreamClient } from '../../core/upstream/client.js';
import type { SideData } from '../../core/upstream/side-data.js';

export interface HeldReads {
  /** The render's client, recording into the hold. */
  client: UpstreamClient;
  /** The render's side data, behind the hold (for reads made with `readSideData` directly). */
  sideData: SideData;
  /** The render uses these reads: hand over what they recorded and remembered, and from now on pass it straight through. */
  keep(): void;
  /** The render will not use them. */
  discard(): void;
}

export function holdReads(options: { client: UpstreamClient; record: (dataKey: string) => void; sideData: SideData }): HeldReads {
  const { record, sideData } = options;
  let state: 'held' | 'kept' | 'discarded' = 'held';
  const keys: string[] = [];
  const remembered: Array<[string, unknown]> = [];
  let decide: () => void = () => {};
  const decided = new Promise<void>((resolve) => (decide = resolve));

  const held: SideData = {
    remember(key, value) {
      if (state === 'kept') sideData.remember(key, value);
      else if (state === 'held') remembered.push([key, value]);
    },
    async recall(key, parse) {
      await decided;
      return state === 'kept' ? await sideData.recall(key, parse) : undefined;
    },
  };
  const client = options.client.withRecorder({
    record: (key) => {
      if (state === 'kept') record(key);
      else if (state === 'held') keys.push(key);
    },
    sideData: held,
  });
  return {
    client,
    sideData: held,
    keep() {
      if (state !== 'held') return;
      state = 'kept';
      for (const key of keys) record(key);
      for (const [key, value] of remembered) sideData.remember(key, value);
      decide();
    },
    discard() {
      if (state !== 'held') return;
      state = 'discarded';
      decide();
    },
  };
}
