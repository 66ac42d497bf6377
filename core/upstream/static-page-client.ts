/**
 * The static page reader (docs/upstream-contract.md §5.2; spec 1 §3 "Static page", §7
 * `/api/staticpage`). It follows the rules of core/upstream/client.ts, which keeps its call
 * helpers private, so the few lines of transport are repeated here for this one call:
 *   - the data key `static-page:<path>` is recorded before the call (a page that looked for a
 *     static page that does not exist yet re-renders when it appears)
 *   - 404, or a 200 whose `data.results` is empty            -> null (spec 1 §8: logged, yields null)
 *   - network error, timeout, 5xx, 429                       -> PlatformError UPSTREAM_UNAVAILABLE
 *   - other 4xx, malformed JSON, a body off the contract     -> PlatformError UPSTREAM_BAD_RESPONSE
 */
import { createTransport } from './transport.js';
import { z } from 'zod';
import { resolveUpstreamBases } from '../config/upstream.js';
import { type ReadRecorder, type UpstreamClientOptions, keepReuse } from './client.js';
import { dataKeys } from './data-keys.js';
import { articleBlockSchema } from './schemas.js';

const optionalText = z.string().optional();

/** Static page (spec 1 §3): title, description, meta_title, ... robots_noindex, robots_nofollow. */
export const staticPageSchema = z.looseObject({
  title: z.string(),
  description: optionalText,
  meta_title: optionalText,
  meta_description: optionalText,
  /** Body components; block-shaped ones render as article body blocks, others are logged and skipped. */
  components: z.array(articleBlockSchema).default([]),
  scripts: z.array(z.string()).default([]),
  stylesheets: z.array(z.string()).default([]),
  canonical_url: optionalText,
  /** "games" switches the title rule (spec 1 §2.5). */
  section: optionalText,
  /** Spec 1 §3 "subSection(s)": upstream sends either spelling. */
  subSection: optionalText,
  subSections: z.array(z.string()).optional(),
  robots_noindex: z.boolean().default(false),
  robots_nofollow: z.boolean().default(false),
});
export type StaticPage = z.infer<typeof staticPageSchema>;
/** The record as upstream sends it (the sample dataset is typed with it). */
export type StaticPageInput = z.input<typeof staticPageSchema>;

export interface StaticPageClient {
  /** The static page at a path such as "/newsletters"; null when there is none. */
  getStaticPage(path: string): Promise<StaticPage | null>;
  /** The same client reporting reads to another recorder (one per render). */
  withRecorder(recorder: ReadRecorder | undefined): StaticPageClient;
}


const CALL_NAME = 'staticpage';

/** Takes the same options as createUpstreamClient (config, logger, recorder, fetchImpl). */
export function createStaticPageClient(options: UpstreamClientOptions): StaticPageClient {
  const base = resolveUpstreamBases(options.config).staticPage;
  return buildStaticPageClient(options, base, options.recorder);
}

function buildStaticPageClient(options: UpstreamClientOptions, base: string, recorder: ReadRecorder | undefined): StaticPageClient {
  const transport = createTransport({ ...options, bases: resolveUpstreamBases(options.config), ...(recorder?.reuse === undefined ? {} : { reuse: recorder.reuse }) });
  return {
    async getStaticPage(path) {
      recorder?.record(dataKeys.staticPage(path));
      return await transport.first({ name: CALL_NAME, service: 'staticPage', path: '/api/staticpage', query: { path } }, staticPageSchema);
    },
    withRecorder(next) {
      return buildStaticPageClient(options, base, keepReuse(next, recorder));
    },
  };
}
