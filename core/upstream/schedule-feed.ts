/**
 * The TV schedule feed (docs/upstream-contract.md §5.9), read by the edge router's /api/schedule:
 * its quirks are ironed out here once, so nothing after it needs to know: empty values are `{}`
 * (never null), `link` is a URL or `{}`, and `hosts` is `{ name: string }`, `{ name: string[] }`,
 * or `{ "0": "" }` when no host is known. The shapes it produces, and the window rules the browser
 * shares, are in core/isomorphic/schedule.ts; this module stays out of the browser bundle, which
 * ships no zod (the TV schedule island's chunk was 460 KB with it).
 */
import { z } from 'zod';
import type { ScheduleDay, ScheduleShow } from '../isomorphic/schedule.js';

/** `{}`: the feed's way of writing an empty value. */
const emptyObject = z.strictObject({});
/** A text field: a string, or `{}` for none. An empty string is none too. */
const text = z.union([z.string(), emptyObject]).transform((value) => (typeof value === 'string' && value.trim() !== '' ? value : undefined));
const utcInstant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/, 'must be an ISO UTC time ending in Z')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'must be a real time');
const hostName = z.union([z.string(), z.array(z.string()), emptyObject]);
const hosts = z
  .union([z.record(z.string(), hostName), z.array(z.string())])
  .optional()
  .transform((value) => normaliseHosts(value));

/** Host names from any of the feed's forms; blanks dropped, order kept. */
export function normaliseHosts(value: Record<string, unknown> | readonly unknown[] | undefined): string[] {
  if (value === undefined) return [];
  const names: unknown[] = [];
  const collect = (item: unknown): void => {
    if (typeof item === 'string') names.push(item);
    else if (Array.isArray(item)) item.forEach(collect);
  };
  if (Array.isArray(value)) collect(value);
  else if ('name' in value) collect(value.name);
  // No name: the entry keyed 0 (an empty string when no host is known, spec 2 §3).
  else for (const item of Object.values(value)) collect(item);
  return names.map((name) => (typeof name === 'string' ? name.trim() : '')).filter((name) => name !== '');
}

const showSchema = z
  .looseObject({
    title: z.string().min(1),
    link: text.optional(),
    description: text.optional(),
    'long-description': text.optional(),
    'short-description': text.optional(),
    'start-utc': utcInstant,
    'end-utc': utcInstant,
    'machine-title': text.optional(),
    'day-of-week': text.optional(),
    image: text.optional(),
    'feature-image': text.optional(),
    'feature-link': text.optional(),
    'feature-url': text.optional(),
    'feature-description': text.optional(),
    'is-show': z.union([z.string(), z.boolean(), emptyObject]).optional(),
    hosts,
  })
  .refine((show) => Date.parse(show['end-utc']) > Date.parse(show['start-utc']), { message: 'end-utc must be after start-utc' });

const daySchema = z.looseObject({
  attributes: z.looseObject({
    value: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD'),
    'day-of-week': z.union([z.string().regex(/^[0-6]$/), z.number().int().min(0).max(6)]).transform(Number),
  }),
  // A feed converted from XML may give a lone show as an object rather than a list of one.
  show: z.union([z.array(z.unknown()), z.looseObject({}).transform((one) => [one]), emptyObject.transform(() => [])]).default([]),
});

const documentSchema = z.looseObject({ day: z.array(daySchema) });

export type ScheduleParseResult =
  | { ok: true; days: ScheduleDay[]; skipped: { path: string; message: string }[] }
  | { ok: false; message: string };

function issueText(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

/** The object without its undefined fields (an empty feed value is absent, not undefined). */
function compact<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key];
  return value;
}

function toShow(raw: z.infer<typeof showSchema>): ScheduleShow {
  return compact({
    title: raw.title,
    link: raw.link,
    description: raw.description,
    longDescription: raw['long-description'],
    shortDescription: raw['short-description'],
    startUtc: new Date(raw['start-utc']).toISOString(),
    endUtc: new Date(raw['end-utc']).toISOString(),
    machineTitle: raw['machine-title'],
    dayOfWeek: raw['day-of-week'],
    image: raw.image,
    featureImage: raw['feature-image'],
    featureLink: raw['feature-link'],
    featureUrl: raw['feature-url'],
    featureDescription: raw['feature-description'],
    isShow: raw['is-show'] === 'True' || raw['is-show'] === true,
    hosts: raw.hosts,
  });
}

/**
 * The feed's days with their shows normalised. A body that is not a schedule document is a
 * failure (`ok: false`); a single show off the contract is skipped and named in `skipped`, so one
 * bad slot does not blank the guide.
 */
export function parseScheduleDocument(body: unknown): ScheduleParseResult {
  const parsed = documentSchema.safeParse(body);
  if (!parsed.success) return { ok: false, message: issueText(parsed.error) };
  const skipped: { path: string; message: string }[] = [];
  const days = parsed.data.day.map((day, dayIndex): ScheduleDay => {
    const shows: ScheduleShow[] = [];
    day.show.forEach((item, showIndex) => {
      const show = showSchema.safeParse(item);
      if (show.success) shows.push(toShow(show.data));
      else skipped.push({ path: `day.${dayIndex}.show.${showIndex}`, message: issueText(show.error) });
    });
    return { date: day.attributes.value, dayOfWeek: day.attributes['day-of-week'], shows };
  });
  return { ok: true, days, skipped };
}
