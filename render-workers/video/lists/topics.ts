/**
 * Video topics (spec 2 §2 "/video/topics and /video/topics/*"). The topics are the `video-topics`
 * component of the layout ('video', '/video/topics') (docs/upstream-contract.md §4.3): a list of
 * `{ topic, label }`, where topic is a path below /video/topics ("politics", "us/crime") and the
 * topic's videos are the video service's tag `{layout domain}/{topic}` ("fox-news/politics").
 * A topic that the list does not name is unknown: its page is not found.
 */
import { VIDEO_TOPICS_PATH } from '../paths.js';
import { z } from 'zod';
import type { Layout } from '../../../core/upstream/schemas.js';
import { toPlainText } from '../../blocks/sanitize.js';
import type { PageBuildContext } from '../../page-kind.js';

export const VIDEO_LAYOUT_SUBTYPE = 'video';
export const VIDEO_TOPICS_COMPONENT = 'video-topics';

const topicSchema = z.looseObject({
  topic: z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/),
  label: z.string().min(1),
});
export const videoTopicsModelSchema = z.looseObject({ items: z.array(z.unknown()).default([]) });

export interface VideoTopic {
  topic: string;
  label: string;
  url: string;
}

export function topicPath(topic: string): string {
  return `${VIDEO_TOPICS_PATH}/${topic}`;
}

/** The topics the layout lists (an invalid entry is logged and skipped). */
export function topicsOf(ctx: Pick<PageBuildContext, 'log'>, layout: Layout | null): VideoTopic[] {
  const component = layout?.main.find((c) => c.type === VIDEO_TOPICS_COMPONENT);
  if (component === undefined) return [];
  const model = videoTopicsModelSchema.safeParse(component.model);
  if (!model.success) return [];
  return model.data.items.flatMap((item, index) => {
    const parsed = topicSchema.safeParse(item);
    if (!parsed.success) {
      ctx.log.warn({ layoutComponent: { type: VIDEO_TOPICS_COMPONENT, index } }, 'invalid video topic; skipped');
      return [];
    }
    return [{ topic: parsed.data.topic, label: toPlainText(parsed.data.label), url: topicPath(parsed.data.topic) }];
  });
}

/** The topic's video tag, e.g. "fox-news/politics". */
export function topicTag(domain: string, topic: string): string {
  return `${domain}/${topic}`;
}
