import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rotateIfLarge } from './log-files.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'log-files-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('rotateIfLarge', () => {
  it('moves a log past its limit to .1, replacing the older one, and leaves a small one alone', async () => {
    const file = join(dir, 'stack.log');
    await writeFile(`${file}.1`, 'oldest\n');
    await writeFile(file, 'x'.repeat(200));
    expect(await rotateIfLarge(file, 100)).toBe(true);
    expect(await readFile(`${file}.1`, 'utf8')).toBe('x'.repeat(200));
    await writeFile(file, 'small\n');
    expect(await rotateIfLarge(file, 100)).toBe(false);
    expect(await readFile(file, 'utf8')).toBe('small\n');
  });

  it('does nothing when there is no log yet', async () => {
    expect(await rotateIfLarge(join(dir, 'none.log'), 100)).toBe(false);
  });
});
