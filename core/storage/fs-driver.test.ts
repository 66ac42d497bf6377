import { spawnSync } from 'node:child_process';
import type { BigIntStats } from 'node:fs';
import { link, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isPlatformError } from '../errors.js';
import { describeObjectStoreContract, errorOf, metaFor } from './contract.js';
import { createFsStore } from './fs-driver.js';
import type { ObjectMeta, ObjectStore } from './types.js';
import { contentHash } from './write.js';

describeObjectStoreContract('fs', async () => {
  const root = await mkdtemp(join(tmpdir(), 'fs-store-contract-'));
  return { store: createFsStore({ root }), cleanup: () => rm(root, { recursive: true, force: true }) };
});



async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const key of iterable) out.push(key);
  return out;
}

describe('fs driver specifics', () => {
  let root: string;
  let store: ObjectStore;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'fs-store-'));
    store = createFsStore({ root: join(root, 'objects') });
  });
  afterEach(async () => {
    await store.close();
    await rm(root, { recursive: true, force: true });
  });

  it('refuses a key that would escape the root, and writes nothing outside it', async () => {
    const body = Buffer.from('evil');
    for (const key of ['../outside', '../../tmp/outside', 'a/../../outside', '..', '.']) {
      const error = await errorOf(store.put(key, body, metaFor(body)));
      expect(isPlatformError(error, 'INVALID_PATH')).toBe(true);
    }
    expect(await readdir(root)).toEqual([]);
  });

  it('keeps one file per object, holding metadata and body, and no temp files', async () => {
    const body = Buffer.from('<p>hello</p>');
    await store.put('news/pages/a/index.html', body, metaFor(body));
    await store.put('news/pages/a/index.html', body, metaFor(body));
    const files = await readdir(join(root, 'objects', 'news', 'pages', 'a'));
    expect(files).toEqual(['index.html@obj']);
    const raw = await readFile(join(root, 'objects', 'news', 'pages', 'a', 'index.html@obj'));
    expect(raw.subarray(0, 4).toString()).toBe('NRS1');
    expect(raw.subarray(raw.length - body.length).equals(body)).toBe(true);
  });


  it('reads the metadata of an object whose header is larger than the first read, and of a tiny one', async () => {
    const body = Buffer.from('<p>tags</p>');
    // 1,500 surrogate keys of ~40 bytes: a header of ~60 KB, far past head()'s first 8 KiB read.
    const big: ObjectMeta = { ...metaFor(body), surrogateKeys: Array.from({ length: 1500 }, (_, i) => `article:synthetic-story-${String(i).padStart(20, '0')}`) };
    await store.put('news/pages/big/index.html', body, big);
    expect(await store.head('news/pages/big/index.html')).toEqual(big);
    expect((await store.get('news/pages/big/index.html'))?.body.equals(body)).toBe(true);
    const empty = Buffer.alloc(0);
    await store.put('news/pages/empty/index.html', empty, metaFor(empty));
    expect(await store.head('news/pages/empty/index.html')).toEqual(metaFor(empty));
  });
  it('ignores temp files and foreign files when listing', async () => {
    const body = Buffer.from('x');
    await store.put('news/pages/a/index.html', body, metaFor(body));
    const dir = join(root, 'objects', 'news', 'pages', 'a');
    await writeFile(join(dir, '.index.html@obj.abc123.tmp'), 'partial');
    await writeFile(join(dir, 'notes.txt'), 'not an object');
    expect(await collect(store.list('news/'))).toEqual(['news/pages/a/index.html']);
  });

  it('reports a corrupt file as STORED_OBJECT_CORRUPT', async () => {
    const body = Buffer.from('<p>a body long enough to truncate</p>');
    const file = join(root, 'objects', 'news', 'pages', 'c', 'index.html@obj');
    const cases: [string, (raw: Buffer) => Buffer][] = [
      ['garbage', () => Buffer.from('not an object at all')],
      ['empty', () => Buffer.alloc(0)],
      ['truncated body', (raw) => raw.subarray(0, raw.length - 5)],
      ['truncated header', (raw) => raw.subarray(0, 20)],
      ['flipped body byte', (raw) => Buffer.concat([raw.subarray(0, raw.length - 1), Buffer.from('!')])],
      ['header not JSON', (raw) => Buffer.concat([raw.subarray(0, 8), Buffer.alloc(raw.readUInt32BE(4), 0x7b), raw.subarray(8 + raw.readUInt32BE(4))])],
      ['absurd header length', (raw) => Buffer.concat([Buffer.from('NRS1'), Buffer.from([0xff, 0xff, 0xff, 0xff]), raw.subarray(8)])],
    ];
    for (const [name, damage] of cases) {
      await store.put('news/pages/c/index.html', body, metaFor(body));
      await writeFile(file, damage(await readFile(file)));
      const getError = await errorOf(store.get('news/pages/c/index.html'));
      expect(isPlatformError(getError, 'STORED_OBJECT_CORRUPT'), `get, ${name}: ${String(getError)}`).toBe(true);
      if (name !== 'flipped body byte') {
        const headError = await errorOf(store.head('news/pages/c/index.html'));
        expect(isPlatformError(headError, 'STORED_OBJECT_CORRUPT'), `head, ${name}: ${String(headError)}`).toBe(true);
      }
    }
  });

  describe('the key lock (ADR 0023)', () => {
    const key = 'news/pages/locked/index.html';
    const lockFile = () => join(root, 'objects', 'news', 'pages', 'locked', '.index.html@obj.lock');
    const other = () => createFsStore({ root: join(root, 'objects'), lockWaitMs: 300, lockStaleMs: 5_000 });

    it('a stat waits for a conditional write that passed its check, then sees it', async () => {
      const first = Buffer.from('<p>first</p>');
      await store.put(key, first, metaFor(first));
      const before = await store.stat(key);
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let entered: () => void = () => {};
      const inGuard = new Promise<void>((resolve) => (entered = resolve));
      const second = Buffer.from('<p>second</p>');
      const writing = store.put(key, second, metaFor(second), {
        ifVersion: before?.version ?? null,
        guard: async () => {
          entered();
          await held;
          return true;
        },
      });
      await inGuard;
      // Another store on the same root stands in for another process: its stat must not answer
      // with the version the writer already checked.
      let answered = false;
      const reading = createFsStore({ root: join(root, 'objects') })
        .stat(key)
        .then((stat) => {
          answered = true;
          return stat;
        });
      await new Promise((r) => setTimeout(r, 150));
      expect(answered).toBe(false);
      release();
      expect(await writing).toBe('written');
      const after = await reading;
      expect(after?.meta.contentHash).toBe(contentHash(second));
      expect(after?.version).not.toBe(before?.version);
      expect((await readdir(join(root, 'objects', 'news', 'pages', 'locked'))).sort()).toEqual(['index.html@obj']);
    });

    it('a create links its file into place without the lock; one refused by an object runs no guard and leaves no temp file', async () => {
      const a = Buffer.from('<p>a</p>');
      let guards = 0;
      const guard = (): Promise<boolean> => Promise.resolve((guards += 1) > 0);
      // A lock on the key held by a live process: a create does not wait for it (link(2) is its
      // whole check), and takes no owner file of its own.
      await mkdir(dirname(lockFile()), { recursive: true });
      await writeFile(lockFile(), `${process.pid} ${hostname()} abc ${Date.now()}`);
      expect(await other().put(key, a, metaFor(a), { ifVersion: null, guard })).toBe('written');
      expect(guards).toBe(1);
      await rm(lockFile());
      expect((await store.get(key))?.body.toString()).toBe('<p>a</p>');
      const b = Buffer.from('<p>b</p>');
      expect(await store.put(key, b, metaFor(b), { ifVersion: null, guard })).toBe('version-changed');
      expect(guards).toBe(1);
      expect((await store.get(key))?.body.toString()).toBe('<p>a</p>');
      expect(await readdir(dirname(lockFile()))).toEqual(['index.html@obj']);
      await expect(readdir(join(root, 'objects', '.lock-owners'))).rejects.toThrow(/ENOENT/);
    });

    it('of creates racing from several processes on one key, exactly one lands', async () => {
      const stores = Array.from({ length: 6 }, () => createFsStore({ root: join(root, 'objects') }));
      const bodies = stores.map((_, i) => Buffer.from(`<p>writer ${i}</p>`));
      const outcomes = await Promise.all(stores.map((s, i) => s.put(key, bodies[i] as Buffer, metaFor(bodies[i] as Buffer), { ifVersion: null })));
      expect(outcomes.filter((o) => o === 'written')).toHaveLength(1);
      const winner = bodies[outcomes.indexOf('written')];
      expect((await store.get(key))?.body.equals(winner ?? Buffer.alloc(0))).toBe(true);
      expect(await readdir(dirname(lockFile()))).toEqual(['index.html@obj']);
    });

    it('a writer waits for a live holder, then fails with STORAGE_FAILED, writing nothing', async () => {
      const body = Buffer.from('<p>x</p>');
      await store.put(key, body, metaFor(body));
      await writeFile(lockFile(), `${process.pid} ${hostname()} abc ${Date.now()}`);
      const started = Date.now();
      const error = await errorOf(other().put(key, Buffer.from('<p>y</p>'), metaFor(Buffer.from('<p>y</p>'))));
      expect(isPlatformError(error, 'STORAGE_FAILED'), String(error)).toBe(true);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect((await store.get(key))?.body.toString()).toBe('<p>x</p>');
    });

    it('breaks a lock whose holder on this host is dead, and one from another host past lockStaleMs', async () => {
      const body = Buffer.from('<p>x</p>');
      await store.put(key, body, metaFor(body));
      const dead = spawnSync(process.execPath, ['-e', '']).pid;
      await writeFile(lockFile(), `${dead} ${hostname()} abc ${Date.now()}`);
      const y = Buffer.from('<p>y</p>');
      expect(await other().put(key, y, metaFor(y))).toBe('written');
      await writeFile(lockFile(), `1 elsewhere.example abc ${Date.now()}`);
      const z = Buffer.from('<p>z</p>');
      expect(isPlatformError(await errorOf(other().put(key, z, metaFor(z))), 'STORAGE_FAILED')).toBe(true);
      const old = new Date(Date.now() - 10_000);
      await utimes(lockFile(), old, old);
      expect(await other().put(key, z, metaFor(z))).toBe('written');
      expect((await store.get(key))?.body.toString()).toBe('<p>z</p>');
    });

    it('takes a lock by linking an owner file, so no write frees an inode, and close removes the owner files (ADR 0047)', async () => {
      const owners = join(root, 'objects', '.lock-owners');
      const first = Buffer.from('<p>first</p>');
      let during: { lock: BigIntStats; owners: string[] } | undefined;
      await store.put(key, first, metaFor(first), {
        guard: async () => {
          // Inside the lock: the lock's name is a second link to one of this process's owner files.
          during = { lock: await stat(lockFile(), { bigint: true }), owners: await readdir(owners) };
          return true;
        },
      });
      expect(during?.lock.nlink).toBe(2n);
      expect(during?.owners).toHaveLength(1);
      const ownerFile = join(owners, during?.owners[0] ?? '');
      expect((await stat(ownerFile, { bigint: true })).ino).toBe(during?.lock.ino);
      expect(await readFile(ownerFile, 'utf8')).toMatch(new RegExp(`^${process.pid} ${hostname()} [0-9a-f]{16} [0-9]+$`));
      // Released: the name is gone, the owner file (the inode) stays for the next lock.
      expect((await stat(ownerFile)).nlink).toBe(1);
      const objectInode = (await stat(join(root, 'objects', 'news', 'pages', 'locked', 'index.html@obj'), { bigint: true })).ino;
      const second = Buffer.from('<p>second</p>');
      await store.put('news/pages/locked-too/index.html', second, metaFor(second));
      expect(await store.stat(key)).not.toBeNull();
      // The same owner file served every lock, one at a time; listing never shows it.
      expect(await readdir(owners)).toEqual(during?.owners);
      expect((await stat(join(root, 'objects', 'news', 'pages', 'locked', 'index.html@obj'), { bigint: true })).ino).toBe(objectInode);
      expect(await collect(store.list(''))).toEqual(['news/pages/locked-too/index.html', key]);
      await store.close();
      expect(await readdir(owners)).toEqual([]);
    });

    it('removes owner files that dead processes left behind: on this host by pid, from any host once idle past lockStaleMs', async () => {
      const owners = join(root, 'objects', '.lock-owners');
      await mkdir(owners, { recursive: true });
      const dead = spawnSync(process.execPath, ['-e', '']).pid;
      const left = `${dead}~${hostname()}~0123456789abcdef`;
      const live = `${process.pid}~${hostname()}~fedcba9876543210`;
      const elsewhere = `${dead}~elsewhere.example~0123456789abcdef`;
      const idleElsewhere = `${dead}~gone.example~0123456789abcdef`;
      const heldElsewhere = `${dead}~held.example~0123456789abcdef`;
      for (const name of [left, live, elsewhere, idleElsewhere, heldElsewhere]) await writeFile(join(owners, name), 'x');
      const old = new Date(Date.now() - 10_000);
      await utimes(join(owners, idleElsewhere), old, old);
      // Still linked as some key's lock: not idle, whatever its age.
      await mkdir(join(root, 'objects', 'news', 'pages', 'other'), { recursive: true });
      await link(join(owners, heldElsewhere), join(root, 'objects', 'news', 'pages', 'other', '.index.html@obj.lock'));
      await utimes(join(owners, heldElsewhere), old, old);
      const body = Buffer.from('<p>x</p>');
      await other().put(key, body, metaFor(body));
      const names = await readdir(owners);
      expect(names).not.toContain(left);
      expect(names).not.toContain(idleElsewhere);
      expect(names).toEqual(expect.arrayContaining([live, elsewhere, heldElsewhere]));
      expect(names).toHaveLength(4);
    });

    it('retires an owner file that a lock name still links after release, so that lock can age and be broken', async () => {
      const owners = join(root, 'objects', '.lock-owners');
      const extra = `${lockFile()}.kept`;
      const first = Buffer.from('<p>first</p>');
      await store.put(key, first, metaFor(first), {
        guard: async () => {
          // A second name for the held lock, standing for one that outlives the release (moved
          // aside by a breaker and given back).
          await link(lockFile(), extra);
          return true;
        },
      });
      expect(await readdir(owners)).toEqual([]);
      const second = Buffer.from('<p>second</p>');
      await store.put(key, second, metaFor(second));
      // The next lock took a new owner file; the old one's inode lives on under the extra name only.
      const names = await readdir(owners);
      expect(names).toHaveLength(1);
      expect((await stat(join(owners, names[0] ?? ''))).ino).not.toBe((await stat(extra)).ino);
      expect((await stat(extra)).nlink).toBe(1);
    });

    it('makes an owner file again when it was removed by hand', async () => {
      const body = Buffer.from('<p>x</p>');
      await store.put(key, body, metaFor(body));
      await rm(join(root, 'objects', '.lock-owners'), { recursive: true });
      const y = Buffer.from('<p>y</p>');
      expect(await store.put(key, y, metaFor(y))).toBe('written');
      expect((await store.get(key))?.body.toString()).toBe('<p>y</p>');
      expect(await readdir(join(root, 'objects', '.lock-owners'))).toHaveLength(1);
    });

    it('a holder whose lock was broken while it held it does not write', async () => {
      const body = Buffer.from('<p>x</p>');
      await store.put(key, body, metaFor(body));
      const y = Buffer.from('<p>y</p>');
      const error = await errorOf(
        store.put(key, y, metaFor(y), {
          guard: async () => {
            // As if it stalled past lockStaleMs and another writer broke the lock and took it: a
            // breaker moves the name aside and takes the lock under a file of its own.
            await rename(lockFile(), `${lockFile()}.aside.broken`);
            await writeFile(lockFile(), `${process.pid} ${hostname()} someone-else ${Date.now()}`);
            return true;
          },
        }),
      );
      expect(isPlatformError(error, 'STORAGE_FAILED'), String(error)).toBe(true);
      expect((await store.get(key))?.body.toString()).toBe('<p>x</p>');
    });
  });

  it('reports malformed stored metadata as STORED_OBJECT_CORRUPT', async () => {
    const body = Buffer.from('x');
    await store.put('news/pages/m/index.html', body, metaFor(body));
    const file = join(root, 'objects', 'news', 'pages', 'm', 'index.html@obj');
    const header = Buffer.from(JSON.stringify({ meta: { ...metaFor(body), contentHash: 'nope' }, bodyLength: 1 }));
    const preamble = Buffer.alloc(8);
    preamble.write('NRS1');
    preamble.writeUInt32BE(header.length, 4);
    await writeFile(file, Buffer.concat([preamble, header, body]));
    const error = await errorOf(store.get('news/pages/m/index.html'));
    expect(isPlatformError(error, 'STORED_OBJECT_CORRUPT')).toBe(true);
  });
});
