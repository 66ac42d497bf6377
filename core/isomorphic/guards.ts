/**
 * Checks for JSON from outside a module's control (island props, live endpoint answers) in the
 * browser bundle, where zod is not shipped: small type guards that read `unknown` without a cast.
 */

/** A plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The field when it is a string with something besides blanks in it, else undefined. */
export function optionalString(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** An array of strings (every element checked). */
export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
