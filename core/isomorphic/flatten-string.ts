/**
 * Flat strings for what a process keeps. V8 builds a string made by concatenation (`+`, template
 * literals, React's renderToString, sanitize-html's output) as a rope: a 32-byte node per piece,
 * over every piece. A rope kept in a memo holds all of that, several times its characters
 * (ADR 0050: the site header's memo was 18 MiB of ropes over 0.8 MiB of text).
 */

/** Where `flattenString` puts the character it reads: a store, unlike an unused read, is never optimised away. */
const flattenSink = { char: 0 };

/**
 * Makes V8 keep `text` as one flat run of characters, so the pieces it was concatenated from can
 * be collected. Reading a character flattens a rope in place (the same string object, now with
 * its characters in one buffer); the string's value and identity do not change.
 */
export function flattenString(text: string): string {
  if (text.length > 0) flattenSink.char = text.charCodeAt(0);
  return text;
}
