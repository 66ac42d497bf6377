/**
 * The countdown block (spec 1 §5 "Countdown: days at least 0, hours 0-24, minutes 0-59") in each
 * variant. Only the standard page runs script, so only it counts down (the Countdown island);
 * AMP and print show what a stored page can state truthfully whenever it is read: the title and
 * the moment as a date. No time left is written into any stored page: it would be stale.
 */
import { formatArticleDate } from '../../core/isomorphic/dates.js';
import { SITES } from '../../core/isomorphic/sites.js';
import { Island } from '../../interactive-bundle/island.js';
import { useSiteId, useUiText } from '../shell/ui-text-context.js';
import type { Block } from '../shared/view-model.js';

type CountdownBlock = Extract<Block, { kind: 'countdown' }>;

function useEndLabel(end: string): string {
  return formatArticleDate(end, SITES[useSiteId()].lang);
}

/** Standard page: the Countdown island (the date without script, the timer once hydrated). */
export function CountdownBlockView({ block }: { block: CountdownBlock }) {
  const site = useSiteId();
  const endLabel = useEndLabel(block.end);
  return (
    <Island
      name="Countdown"
      props={{
        end: block.end,
        endLabel,
        ...(block.title ? { title: block.title } : {}),
        ...(block.endText ? { endText: block.endText } : {}),
        ...(site === 'news' ? {} : { site }),
      }}
    />
  );
}

/** AMP and print: the title and the moment, no timer (no script runs there). */
export function StaticCountdownBlockView({ block }: { block: CountdownBlock }) {
  const text = useUiText();
  const endLabel = useEndLabel(block.end);
  const [before = '', after = ''] = text.countdownUntil.split('{date}');
  return (
    <section className="countdown">
      {block.title ? <h2 className="countdown-title">{block.title}</h2> : null}
      <p className="countdown-end">
        {before}
        <time dateTime={block.end}>{endLabel}</time>
        {after}
      </p>
    </section>
  );
}
