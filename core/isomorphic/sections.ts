/**
 * Section codes (spec 1 §9, spec 2 §9 "Section abbreviations"). The single source for the
 * server (article meta, fronts) and the browser. An unknown section name logs
 * "Unknown section: {section}" at error level and passes through unchanged (spec 1 §5, spec 2 §5).
 */

export const SECTION_CODES: Readonly<Record<string, string>> = {
  entertainment: 'ent',
  politics: 'pol',
  opinion: 'opin',
  lifestyle: 'life',
  science: 'sci',
  health: 'heal',
  'faith-values': 'faith',
  'food-drink': 'food',
  'great-outdoors': 'outdoors',
  'real-estate': 'realest',
  travel: 'trav',
  auto: 'auto',
  family: 'family',
  media: 'media',
  sports: 'sports',
  tech: 'tech',
  transcript: 'transcript',
  us: 'us',
  world: 'world',
};

/** The part of a logger sectionCode needs (pino's `error(obj, msg)`, or a browser console adapter). */
export interface SectionCodeLogger {
  error(obj: object, msg: string): void;
}

export function sectionCode(name: string, log: SectionCodeLogger): string {
  const code = Object.hasOwn(SECTION_CODES, name) ? SECTION_CODES[name] : undefined;
  if (code !== undefined) return code;
  log.error({ section: name }, `Unknown section: ${name}`);
  return name;
}
