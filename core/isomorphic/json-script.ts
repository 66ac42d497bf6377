/**
 * JSON for the body of a `<script type="application/json">` or `application/ld+json` element.
 * `<` and `>` stop `</script>` and `<!--` from closing the element early; `&` keeps the text inert
 * if a page is ever parsed as XHTML; U+2028/U+2029 are line terminators in older JS parsers.
 * The escapes are valid JSON escapes, so JSON.parse returns the original values. One function for
 * island props, JSON-LD, AMP configs and load-more data.
 */
const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
const SCRIPT_ESCAPES: Readonly<Record<string, string>> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function jsonForScript(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(SCRIPT_UNSAFE, (char) => SCRIPT_ESCAPES[char] ?? char);
}
