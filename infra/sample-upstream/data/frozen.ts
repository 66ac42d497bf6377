/**
 * The starter data modules freeze what they export, deeply. A server changes only copies of them
 * (`createDataset()`, or a route's own copy) and serialises the rest as they are, so nothing needs
 * to change them in place; and
 * test files share their worker's modules (docs/adr/0042-test-files-share-modules.md), so a test
 * that changed them in place would change them for every later file in that process. Frozen, such a
 * change throws where it is made (modules run in strict mode) instead of failing another file.
 */
export function deepFreeze(...values: readonly unknown[]): void {
  for (const value of values) freeze(value);
}

function freeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) freeze(inner);
}
