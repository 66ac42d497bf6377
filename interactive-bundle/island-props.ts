/**
 * Island props travel from the render worker to the browser as JSON inside the page (docs/architecture.md
 * "Islands"). This module owns that wire format: the JSON types that make non-serialisable props a
 * compile error, the script-safe serialiser, and the parser the client entry uses.
 * Isomorphic: the client entry imports it, so no Node APIs here.
 */
import { jsonForScript } from '../core/isomorphic/json-script.js';

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | readonly JsonValue[] | JsonObject;
export type JsonObject = { readonly [key: string]: JsonValue };

/**
 * Serialises props for a `<script type="application/json">` element. The escapes are valid JSON
 * escapes, so `JSON.parse` returns the original values byte for byte.
 */
export function serializeIslandProps(props: JsonObject): string {
  return jsonForScript(props);
}

export class IslandPropsError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IslandPropsError';
  }
}

/** Parses the text of a props script; the props of an island are always a JSON object. */
export function parseIslandProps(text: string): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new IslandPropsError('island props are not valid JSON', { cause: error });
  }
  if (!isJsonObject(value)) throw new IslandPropsError('island props must be a JSON object');
  return value;
}

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
