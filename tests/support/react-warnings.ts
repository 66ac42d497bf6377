/**
 * vitest setup file of the unit project (vitest.config.ts; ADR 0043): a test during which React
 * printed a warning fails.
 *
 * The unit project runs React's development build, whose checks (a list without keys, a DOM
 * property spelled as in HTML, a hook called out of order) print to console.error or console.warn
 * and change nothing else. Printed, they go unread; here each one fails the test it
 * happened in, with the warning as the failure. The other projects run React's production build,
 * as deployed, where these checks do not exist.
 *
 * A warning is React's when the call came from React's own code (its development files are on the
 * stack). Anything else a test prints is left alone.
 */
/* eslint-disable no-console -- this module replaces console.warn for the test's length, to catch React's warnings */
import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

const REACT_FILE = /[\\/]node_modules[\\/](react|react-dom)[\\/]cjs[\\/][^\\/]*development/;

let warnings: string[] = [];
const original = { error: console.error, warn: console.warn };

function capture(level: 'error' | 'warn') {
  return (...args: unknown[]): void => {
    if (REACT_FILE.test(new Error().stack ?? '')) warnings.push(format(...args));
    original[level].apply(console, args);
  };
}

/**
 * The React warnings printed so far in the running test, which then no longer fail it: for a test
 * that causes one on purpose and asserts on it.
 */
export function takeReactWarnings(): string[] {
  const taken = warnings;
  warnings = [];
  return taken;
}

beforeEach(() => {
  warnings = [];
  console.error = capture('error');
  console.warn = capture('warn');
});

afterEach(() => {
  console.error = original.error;
  console.warn = original.warn;
  const printed = takeReactWarnings();
  if (printed.length > 0) throw new Error(`React warned ${printed.length} time(s) during this test:\n${printed.map((text) => `- ${text.split('\n')[0]}`).join('\n')}`);
});
