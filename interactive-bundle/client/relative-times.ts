/**
 * Live time labels (spec 1 §4 "Time label", §9 "Relative time"): stored pages carry the absolute
 * date in `<time datetime data-relative>` (pages must be deterministic, ADR 0004); the browser
 * relabels them with the reader's clock ("just in", "5 mins ago", "3 hours ago", ...) and keeps
 * them current. The absolute date stays available as the element's title.
 */
import { relativeTimeLabel } from '../../core/isomorphic/relative-time.js';

/** Labels move by the minute at most. */
export const RELATIVE_TIME_REFRESH_MS = 60_000;

export function applyRelativeTimes(scope: ParentNode, now: Date): number {
  let updated = 0;
  for (const element of scope.querySelectorAll<HTMLTimeElement>('time[data-relative][datetime]')) {
    // The document's language picks the edition's labels (the Spanish edition: lang="es").
    // data-day: the US Eastern day the stored page wrote, so no Intl formatter is created (ADR 0039).
    const label = relativeTimeLabel(element.dateTime, now, element.ownerDocument.documentElement.lang, element.dataset.day);
    if (label === '') continue;
    if (!element.title) element.title = element.textContent ?? '';
    if (element.textContent !== label) element.textContent = label;
    updated += 1;
  }
  return updated;
}

export function startRelativeTimes(scope: ParentNode = document): () => void {
  applyRelativeTimes(scope, new Date());
  const timer = window.setInterval(() => applyRelativeTimes(scope, new Date()), RELATIVE_TIME_REFRESH_MS);
  return () => window.clearInterval(timer);
}
