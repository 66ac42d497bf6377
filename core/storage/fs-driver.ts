/**
 * The local filesystem ObjectStore: the embedded default (docs/architecture.md, "Running it").
 *
 * One object is ONE file holding its metadata and body together:
 *
 *   "NRS1" | uint32 BE header length | header JSON { meta, bodyLength } | body bytes
 *
 * A write goes to a temp file in the same directory and is renamed into place. rename(2) replaces
 * the directory entry atomically and a reader that already opened the old file keeps reading the
 * old inode, so a concurrent `get` sees the old object or the new one, never a mix or a partial
 * body (ObjectStore.put contract in types.ts).
 *
 * Key "a/b/c" is stored at "{root}/a/b/c@obj". Object files carry a suffix so a key can also be
 * the prefix of another key ("news/pages/x/index.html" and "news/pages/x/index.html/index.html"
 * are both valid page keys): "@" never occurs in a key, so object files and directories can't
 * collide. Temp files start with "." and are never listed.
 *
 * Conditional writes (ADR 0023). Every write of a key (put, delete) that may replace an object,
 * and every `stat` of an existing one, holds the key's lock file ".{name}@obj.lock", which only
 * one process at a time can create: a conditional write reads the stored version, runs its guard
 * and renames its temp file into place all inside the lock, so no other process's write lands
 * between its check and its write, and a `stat` returns only once a write in progress has landed.
 * The version is the sha256 of the object's header, so it changes with any metadata (fence
 * included), not only with the body. A lock whose holder died is broken: on this host when its pid
 * is gone, and after `lockStaleMs` whoever held it (a holder checks that the lock is still its own
 * just before it renames). The store is for one machine's disk: processes on other hosts sharing
 * it over NFS are not ordered beyond that timeout.
 *
 * A create (`ifVersion: null`, a page's first publish) takes no lock (ADR 0052): link(2) gives
 * the temp file the object's name only if no object holds it, which is the whole version check, and
 * the guard runs just before it, as on S3. A `stat` of a key with no object takes no lock either,
 * so a lock would order a create against nothing.
 *
 * A lock file is a hard link, not a new file (ADR 0047): each process keeps a few owner files in
 * "{root}/.lock-owners/", each holding "pid host nonce time-made", and takes a key's lock by
 * link(2)ing a free one to the lock's name (EEXIST while another holds it); the owner file's
 * mtime, set as it is linked, is the lock's age. Releasing the lock removes a name, not an inode:
 * on ext4 without a journal every freed inode makes each later file creation in its block group
 * step over it for a minute or more (the kernel's `recently_deleted` check), and a lock file
 * created and deleted per write (O_EXCL) made a whole publish pay for that on every new object.
 * An owner file goes back to the pool only when the lock's name is its one other link gone (a
 * lock name left linked to it would otherwise never age); otherwise it is retired. A filesystem
 * without hard links gets a fresh O_EXCL lock file per acquisition, as before.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fdatasync, fstatSync, linkSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync, writeSync, type Dirent } from 'node:fs';
import { readdir, readFile, rename, rm, stat as statFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { z } from 'zod';
import { PlatformError } from '../errors.js';
import { checkPutMeta, parseStoredMeta, verifiedObject } from './meta.js';
import { assertListPrefix, assertObjectKey, isObjectKeySegment } from './object-key.js';
import type { ObjectMeta, ObjectStat, ObjectStore, StoredObject, WriteCondition, WriteOutcome } from './types.js';

export interface FsStoreOptions {
  /** Directory holding the objects; created on first write. A relative path resolves against the working directory. */
  root: string;
  /** fsync each object before it is renamed into place, so a crash cannot leave an empty page. Default true. */
  durable?: boolean;
  /** How long a write or `stat` waits for another process's hold on the key before STORAGE_FAILED. Default 10 s. */
  lockWaitMs?: number;
  /**
   * A key lock older than this is taken to belong to a dead holder, whoever holds it (a holder on
   * this host is checked by pid first). Far above a write's few milliseconds. Default 60 s.
   */
  lockStaleMs?: number;
}

const DEFAULTS = { durable: true, lockWaitMs: 10_000, lockStaleMs: 60_000 } as const;

const MAGIC = Buffer.from('NRS1', 'ascii');
const PREAMBLE_LENGTH = MAGIC.length + 4;
/** What head() reads first: the preamble and, for almost every object, its whole header. */
const HEAD_READ_BYTES = 8192;
/** Far above any real header (metadata is a few KB); refuses to allocate for a garbage length. */
const MAX_HEADER_LENGTH = 1024 * 1024;
const OBJECT_SUFFIX = '@obj';

const headerSchema = z.object({ meta: z.unknown(), bodyLength: z.number().int().min(0) });

export function createFsStore(options: FsStoreOptions): ObjectStore {
  const settings = { ...DEFAULTS, ...options };
  const root = resolve(settings.root);
  // Temp file names: this store's random tag and a counter, unique without a random draw per write.
  const tempTag = randomBytes(6).toString('hex');
  let temps = 0;

  function fileFor(key: unknown): string {
    assertObjectKey(key);
    const segments = key.split('/');
    const last = segments.pop() ?? '';
    const file = join(root, ...segments, last + OBJECT_SUFFIX);
    // assertObjectKey already refuses "." and ".."; checking the resolved path as well means a
    // future change to the key rules can't open a way out of root.
    if (!file.startsWith(root + sep)) {
      throw new PlatformError('INVALID_PATH', `Object key escapes the storage root`, { details: { key: key.slice(0, 100) } });
    }
    return file;
  }

  async function get(key: string): Promise<StoredObject | null> {
    const file = fileFor(key);
    let data: Buffer;
    try {
      data = await readFile(file);
    } catch (error) {
      if (isMissing(error)) return null;
      throw failed('read', key, error);
    }
    const { header, bodyStart } = decodeHeader(key, data.subarray(0, Math.min(data.length, PREAMBLE_LENGTH + MAX_HEADER_LENGTH)));
    if (data.length !== bodyStart + header.bodyLength) throw corrupt(key, 'its length does not match its header');
    return verifiedObject(key, data.subarray(bodyStart), header.meta);
  }

  /**
   * The metadata and the raw header bytes (the version is their hash), or null when there is no
   * object. Synchronous (ADR 0031): a few small reads of a local file, cheaper on the thread than
   * four hops through libuv's pool, and run inside a key's lock without yielding.
   */
  function readHeader(key: string, file: string): { meta: ObjectMeta; header: Buffer } | null {
    let fd: number;
    try {
      fd = openSync(file, 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw failed('open', key, error);
    }
    try {
      // head() must not read a 5 MB body: one read of HEAD_READ_BYTES holds the preamble and a
      // typical header; a larger header takes a second read of exactly the rest.
      // allocUnsafe: only the bytes read are used (the subarray below), so nothing stale is seen.
      let bytes = Buffer.allocUnsafe(HEAD_READ_BYTES);
      bytes = bytes.subarray(0, readSync(fd, bytes, 0, HEAD_READ_BYTES, 0));
      const headerEnd = PREAMBLE_LENGTH + checkPreamble(key, bytes);
      if (bytes.length < headerEnd) {
        const rest = Buffer.alloc(headerEnd - bytes.length);
        const got = readSync(fd, rest, 0, rest.length, bytes.length);
        bytes = Buffer.concat([bytes, rest.subarray(0, got)]);
      }
      const { header, bodyStart } = decodeHeader(key, bytes.subarray(0, headerEnd));
      const { size } = fstatSync(fd);
      if (size !== bodyStart + header.bodyLength) throw corrupt(key, 'its length does not match its header');
      return { meta: header.meta, header: bytes.subarray(0, headerEnd) };
    } catch (error) {
      if (error instanceof PlatformError) throw error;
      throw failed('read', key, error);
    } finally {
      closeSync(fd);
    }
  }

  function head(key: string): Promise<ObjectMeta | null> {
    // The executor's throw (a bad key, a corrupt object) becomes the promise's rejection, as the contract has it.
    return new Promise((resolve) => resolve(readHeader(key, fileFor(key))?.meta ?? null));
  }

  async function stat(key: string): Promise<ObjectStat | null> {
    const file = fileFor(key);
    // No object: answered without the lock. A write landing meanwhile is ordered after this stat,
    // and nothing is decided on a null version but to write, conditionally on there being none
    // (ifVersion null), which the write checks again under the lock. A first publish stats every
    // key it writes, so this saves a lock cycle per object (ADR 0031).
    if (!fileExists(key, file)) return null;
    // Under the lock: a conditional write that passed its check in another process lands first.
    const lock = await locks.acquire(key, file, { createDirs: false });
    if (lock === null) return null;
    try {
      const read = readHeader(key, file);
      return read === null ? null : { meta: read.meta, version: versionOf(read.header) };
    } finally {
      locks.release(lock);
    }
  }

  /** The stored version for a condition check: null when there is none, a hash of the raw header bytes (valid or not) otherwise. */
  function currentVersion(key: string, file: string): string | null {
    let fd: number;
    try {
      fd = openSync(file, 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw failed('open', key, error);
    }
    try {
      const bytes = Buffer.allocUnsafe(HEAD_READ_BYTES);
      const head = bytes.subarray(0, readSync(fd, bytes, 0, HEAD_READ_BYTES, 0));
      // A corrupt object still has a version (it never equals a good one), so a writer that
      // could not read it can still replace it with ifVersion undefined.
      let headerEnd = head.length;
      try {
        headerEnd = Math.min(PREAMBLE_LENGTH + checkPreamble(key, head), MAX_HEADER_LENGTH + PREAMBLE_LENGTH);
      } catch {
        return versionOf(head);
      }
      if (head.length >= headerEnd) return versionOf(head.subarray(0, headerEnd));
      const rest = Buffer.alloc(headerEnd - head.length);
      const got = readSync(fd, rest, 0, rest.length, head.length);
      return versionOf(Buffer.concat([head, rest.subarray(0, got)]));
    } catch (error) {
      throw failed('read', key, error);
    } finally {
      closeSync(fd);
    }
  }

  /**
   * Writes the temp file (creating the object's directory on first use) and, when durable, syncs
   * it. The bytes go to the page cache synchronously; only the sync, the one slow step, leaves the
   * thread (ADR 0031).
   */
  async function writeTemp(temp: string, dir: string, bytes: Buffer): Promise<void> {
    let fd: number;
    try {
      fd = openSync(temp, 'wx');
    } catch (error) {
      if (!isMissing(error)) throw error;
      mkdirSync(dir, { recursive: true });
      fd = openSync(temp, 'wx');
    }
    try {
      for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written);
      if (settings.durable) await fdatasyncAsync(fd);
    } finally {
      closeSync(fd);
    }
  }

  /** Checks a condition inside the key's lock: the stored version first, then the guard. */
  async function admits(key: string, file: string, condition: WriteCondition | undefined): Promise<WriteOutcome> {
    if (condition === undefined) return 'written';
    if (condition.ifVersion !== undefined && currentVersion(key, file) !== condition.ifVersion) return 'version-changed';
    if (condition.guard && !(await condition.guard())) return 'fenced';
    return 'written';
  }

  /**
   * A create (`ifVersion: null`) without the key's lock: link(2) gives the temp file the object's
   * name only if that name is free, which is the whole version check, and the guard runs just
   * before, as on S3. Undefined when this filesystem has no hard links: the caller then takes the
   * lock and renames, as for any other write.
   */
  async function createByLink(key: string, temp: string, file: string, guard: WriteCondition['guard']): Promise<WriteOutcome | undefined> {
    // Checked first, so a guard (a Redis round trip) only runs for a write the version admits.
    if (fileExists(key, file)) return 'version-changed';
    if (guard && !(await guard())) return 'fenced';
    try {
      linkSync(temp, file);
    } catch (error) {
      if (hasCode(error, 'EEXIST')) return 'version-changed';
      if (!linkUnsupported(error)) throw error;
      createsByLink = false;
      return undefined;
    }
    return 'written';
  }

  /** Cleared when link(2) is refused for want of support: creates take the lock from then on. */
  let createsByLink = true;

  async function put(key: string, body: Buffer, meta: ObjectMeta, condition?: WriteCondition): Promise<WriteOutcome> {
    const file = fileFor(key);
    const checked = checkPutMeta(key, body, meta);
    const header = Buffer.from(JSON.stringify({ meta: checked, bodyLength: body.length }), 'utf8');
    const preamble = Buffer.alloc(PREAMBLE_LENGTH);
    MAGIC.copy(preamble, 0);
    preamble.writeUInt32BE(header.length, MAGIC.length);
    const dir = dirname(file);
    const temp = join(dir, `.${file.slice(dir.length + 1)}.${tempTag}${(temps += 1).toString(36)}.tmp`);
    let renamed = false;
    try {
      // The temp file is written (and synced) before the lock is taken, so the lock is held for
      // the check and the rename only.
      await writeTemp(temp, dir, Buffer.concat([preamble, header, body]));
      if (condition?.ifVersion === null && createsByLink) {
        const created = await createByLink(key, temp, file, condition.guard);
        // Decided without the lock; the temp name goes either way (finally), and a linked object
        // keeps the temp file's inode under its own name.
        if (created !== undefined) return created;
      }
      const lock = await locks.acquire(key, file, { createDirs: true });
      if (lock === null) throw new Error('the object directory vanished');
      try {
        const outcome = await admits(key, file, condition);
        if (outcome !== 'written') return outcome;
        locks.assertHeld(lock);
        renameSync(temp, file);
        renamed = true;
      } finally {
        locks.release(lock);
      }
      return 'written';
    } catch (error) {
      throw failed('write', key, error);
    } finally {
      // The temp name goes unless it was renamed into place: a linked create's object keeps the
      // inode under its own name. The clean-up's own failure (ENOTDIR when the directory could
      // not be made) must not replace the write's STORAGE_FAILED: the worker retries by that code.
      if (!renamed) removeFile(temp);
    }
  }

  async function remove(key: string, condition?: WriteCondition): Promise<WriteOutcome> {
    const file = fileFor(key);
    // "Only if there is none": there is nothing to delete (as on S3).
    if (condition?.ifVersion === null) return 'written';
    const missing: WriteOutcome = typeof condition?.ifVersion === 'string' ? 'version-changed' : 'written';
    const lock = await locks.acquire(key, file, { createDirs: false });
    if (lock === null) return missing;
    try {
      const outcome = await admits(key, file, condition);
      if (outcome !== 'written') return outcome;
      locks.assertHeld(lock);
      unlinkSync(file);
      return 'written';
    } catch (error) {
      if (isMissing(error)) return missing;
      throw failed('delete', key, error);
    } finally {
      locks.release(lock);
    }
  }

  const locks = keyLocks(settings, root);

  async function* list(prefix: string): AsyncGenerator<string> {
    assertListPrefix(prefix);
    yield* walk(root, '', prefix);
  }

  return {
    driver: 'fs',
    get,
    head,
    stat,
    put,
    delete: remove,
    list,
    close: () => {
      locks.close();
      return Promise.resolve();
    },
  };
}

function versionOf(header: Buffer): string {
  return createHash('sha256').update(header).digest('hex').slice(0, 32);
}

interface KeyLock {
  key: string;
  path: string;
  /** What this holder's lock file holds: pid, host, a nonce and the time. */
  owner: string;
  /** The owner file linked to the lock's name, returned to the pool on release (none: a fresh lock file). */
  slot?: OwnerSlot;
}

/** One of this process's owner files: linked to one lock's name at a time. */
interface OwnerSlot {
  file: string;
  owner: string;
  /** The owner file's inode: a lock name that is a link to it is this slot's lock (see `holds`). */
  inode: Inode;
}

interface Inode {
  dev: bigint;
  ino: bigint;
}

/** The inode a path names, without following a symlink; null when there is none. */
function inodeAt(path: string): Inode | null {
  try {
    const stats = lstatSync(path, { bigint: true, throwIfNoEntry: false });
    return stats === undefined ? null : { dev: stats.dev, ino: stats.ino };
  } catch {
    return null;
  }
}

/** Where the owner files live: a dot-name, so the walk never lists it (see `walk`). */
const OWNERS_DIR = '.lock-owners';

/** link(2) cannot be used here: a filesystem without hard links, or the owners on another device. */
function linkUnsupported(error: unknown): boolean {
  return error instanceof Error && 'code' in error && ['EPERM', 'EXDEV', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK'].includes(String(error.code));
}

function hasCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}

/** The per-key lock files of one store (see the header). */
function keyLocks(settings: { lockWaitMs: number; lockStaleMs: number }, root: string) {
  const host = hostname();
  const ownersDir = join(root, OWNERS_DIR);
  /** Owner files not linked to a lock now; another is made when all are in use. */
  const free: OwnerSlot[] = [];
  /** Set once link(2) fails for want of support: every lock is a fresh file from then on. */
  let linksUnsupported = false;
  let swept = false;
  /** After `close`: a lock released later retires its owner file instead of pooling it. */
  let closed = false;

  /** What a lock file holds: this process's pid, the host, a nonce and the time it is written. */
  function ownerText(nonce: string): string {
    return `${process.pid} ${host} ${nonce} ${Date.now()}`;
  }

  function lockPathFor(file: string): string {
    return join(dirname(file), `.${basename(file)}.lock`);
  }

  /**
   * Removes owner files that processes left behind (they crashed before `close`): on this host
   * those of a pid that is gone; from any host, one linked to no lock and unused for
   * `lockStaleMs` (a container's host name changes when it is replaced). Once per store, when it
   * first needs an owner file. A lock still linked to a removed one keeps its own name and is
   * broken as any dead holder's is; a live process whose idle owner file was removed makes it
   * again when it next takes a lock.
   */
  function sweepDeadOwners(): void {
    swept = true;
    let names: string[];
    try {
      names = readdirSync(ownersDir);
    } catch {
      return;
    }
    for (const name of names) {
      const file = join(ownersDir, name);
      const [pid, nameHost] = name.split('~');
      const deadHere = nameHost === host && pid !== undefined && /^[0-9]+$/.test(pid) && !isAlive(Number(pid));
      if (deadHere || isIdleOwner(file)) removeFile(file);
    }
  }

  /** An owner file linked to no lock and not linked for `lockStaleMs`. */
  function isIdleOwner(file: string): boolean {
    try {
      const stats = statSync(file);
      return stats.nlink === 1 && Date.now() - stats.mtimeMs > settings.lockStaleMs;
    } catch {
      return false;
    }
  }

  /** Whether the owner file has no link but its own (no lock name left pointing at it). */
  function isSoleLink(file: string): boolean {
    try {
      return statSync(file).nlink === 1;
    } catch {
      return false;
    }
  }

  /** An owner file not linked to any lock now, made when every one is in use. */
  function takeSlot(): OwnerSlot {
    const slot = free.pop();
    if (slot !== undefined) return slot;
    if (!swept) sweepDeadOwners();
    const nonce = randomBytes(8).toString('hex');
    const owner = ownerText(nonce);
    // "~" never occurs in a pid and is not legal in a hostname.
    const file = join(ownersDir, `${process.pid}~${host}~${nonce}`);
    mkdirSync(ownersDir, { recursive: true });
    writeFileSync(file, owner, { flag: 'wx' });
    return { file, owner, inode: ownerInode(file) };
  }

  /** A slot whose file vanished (removed by hand) is made again under the same name. */
  function remakeSlot(slot: OwnerSlot): void {
    mkdirSync(ownersDir, { recursive: true });
    writeFileSync(slot.file, slot.owner);
    slot.inode = ownerInode(slot.file);
  }

  function ownerInode(file: string): Inode {
    const inode = inodeAt(file);
    if (inode === null) throw new Error(`the owner file ${file} vanished as it was made`);
    return inode;
  }

  /**
   * Whether the lock's name still holds this holder's lock. A linked lock is compared by inode, one
   * lstat: a breaker moves the name aside and links its own owner file there (a live inode of its
   * own, so never the same number), and a name given back is the same link again. A fresh lock
   * file (no hard links) is compared by what it holds, since its inode number is free for reuse
   * once a breaker removed it.
   */
  function holds(lock: KeyLock): boolean {
    if (lock.slot === undefined) return readLock(lock.path) === lock.owner;
    const inode = inodeAt(lock.path);
    return inode !== null && inode.ino === lock.slot.inode.ino && inode.dev === lock.slot.inode.dev;
  }

  /**
   * One attempt at the lock: true when taken, false when another holds it. A missing directory on
   * the way throws ENOENT, as a fresh lock file's creation does.
   */
  function tryLock(path: string): { taken: false } | { taken: true; owner: string; slot?: OwnerSlot } {
    if (!linksUnsupported) {
      const slot = takeSlot();
      try {
        // The lock's age is its mtime (isStale): the owner file's, set as it is linked.
        const now = new Date();
        try {
          utimesSync(slot.file, now, now);
        } catch (error) {
          if (!hasCode(error, 'ENOENT')) throw error;
          remakeSlot(slot);
        }
        try {
          linkSync(slot.file, path);
        } catch (error) {
          // ENOENT is the lock's directory missing (the caller's to handle), or the owner file
          // removed since (a sweep): then it is made again and linked once more.
          if (!hasCode(error, 'ENOENT') || isSoleLink(slot.file)) throw error;
          remakeSlot(slot);
          linkSync(slot.file, path);
        }
        return { taken: true, owner: slot.owner, slot };
      } catch (error) {
        free.push(slot);
        if (hasCode(error, 'EEXIST')) return { taken: false };
        if (!linkUnsupported(error)) throw error;
        linksUnsupported = true;
      }
    }
    const owner = ownerText(randomBytes(8).toString('hex'));
    try {
      writeFileSync(path, owner, { flag: 'wx' });
      return { taken: true, owner };
    } catch (error) {
      if (hasCode(error, 'EEXIST')) return { taken: false };
      throw error;
    }
  }

  /** Whether the lock file at `path`, holding `owner`, belongs to a holder that is gone. */
  async function isStale(path: string, owner: string): Promise<boolean> {
    const [pid, lockHost] = owner.split(' ');
    if (lockHost === host && pid !== undefined && /^[0-9]+$/.test(pid) && !isAlive(Number(pid))) return true;
    try {
      return Date.now() - (await statFile(path)).mtimeMs > settings.lockStaleMs;
    } catch {
      return false;
    }
  }

  /** Breaks the lock at `path` if it still holds `owner` (moved aside first, so two breakers can't remove a fresh lock). */
  async function breakLock(path: string, owner: string): Promise<void> {
    const aside = `${path}.${randomBytes(6).toString('hex')}.broken`;
    try {
      await rename(path, aside);
    } catch {
      return;
    }
    const moved = await readFile(aside, 'utf8').catch(() => '');
    // Another process broke it and took a fresh lock between our read and our rename: give it
    // back. An owner file is reused from lock to lock, so the same holder taking the lock again
    // reads the same; its age, set as it was linked, tells the fresh lock from the stale one.
    if (moved !== owner || !(await isStale(aside, moved))) {
      await rename(aside, path).catch(() => undefined);
      return;
    }
    await rm(aside, { force: true });
  }

  async function acquire(key: string, file: string, options: { createDirs: boolean }): Promise<KeyLock | null> {
    const path = lockPathFor(file);
    const deadline = Date.now() + settings.lockWaitMs;
    let pause = 1;
    for (;;) {
      // Synchronous (ADR 0031): taking a lock that is free is the common case, and two syscalls
      // on the thread cost less than trips through libuv's pool. Only waiting for a lock that
      // another process holds yields.
      try {
        const attempt = tryLock(path);
        if (attempt.taken) return { key, path, owner: attempt.owner, ...(attempt.slot === undefined ? {} : { slot: attempt.slot }) };
      } catch (error) {
        if (isMissing(error)) {
          if (!options.createDirs) return null;
          try {
            mkdirSync(dirname(path), { recursive: true });
          } catch (e) {
            throw failed('lock', key, e);
          }
          continue;
        }
        throw failed('lock', key, error);
      }
      const held = await readFile(path, 'utf8').catch(() => null);
      if (held !== null && held !== '' && (await isStale(path, held))) {
        await breakLock(path, held);
        continue;
      }
      if (Date.now() > deadline) {
        throw new PlatformError('STORAGE_FAILED', `Filesystem storage could not lock ${key}: another writer held it for ${settings.lockWaitMs} ms`, {
          details: { key, operation: 'lock', holder: held, contention: true },
        });
      }
      await new Promise((r) => setTimeout(r, pause));
      pause = Math.min(pause * 2, 25);
    }
  }

  /** Throws when the lock was broken while held (the holder stalled past lockStaleMs): its write must not land. */
  function assertHeld(lock: KeyLock): void {
    if (!holds(lock)) {
      throw new PlatformError('STORAGE_FAILED', `Filesystem storage lost the lock on ${lock.key} while writing (held past ${settings.lockStaleMs} ms)`, {
        details: { key: lock.key, operation: 'lock', contention: true },
      });
    }
  }

  function release(lock: KeyLock): void {
    if (!holds(lock)) {
      // Broken while held (a stall past lockStaleMs): whatever the lock's name holds now is not
      // ours to remove, and the owner file is retired rather than trusted again.
      if (lock.slot !== undefined) removeFile(lock.slot.file);
      return;
    }
    removeFile(lock.path);
    if (lock.slot === undefined) return;
    // Pooled again only when no name is left linked to it: a lock name that outlived this
    // release (moved aside by a breaker and given back, or an unlink that failed) must age and be
    // broken, which a reused owner file, its mtime set by every lock, would never let it do.
    if (!closed && isSoleLink(lock.slot.file)) free.push(lock.slot);
    else removeFile(lock.slot.file);
  }

  /** Removes this store's owner files that hold no lock; one held now is removed on its release. */
  function close(): void {
    closed = true;
    for (const slot of free.splice(0)) removeFile(slot.file);
  }

  return { acquire, assertHeld, release, close };
}

/** Unlinks `path`; one already gone (a lock broken as stale meanwhile) is not an error. */
function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Gone already.
  }
}

/** The owner written in a lock file, or null when it cannot be read (gone). */
function readLock(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

const fdatasyncAsync = promisify(fdatasync);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/**
 * Yields the keys below `dir` (whose key prefix is `dirKey`) that start with `prefix`, in
 * lexicographic order. Entries are sorted by the key text they stand for: a directory "a" by
 * "a/", the object "a" by "a"; every key under a directory starts with its "a/", so visiting the
 * sorted entries depth-first yields keys in order ("a" < "a-b" < "a.b" < "a/x" < "a0").
 *
 * Memory follows the largest directory, not the site: a directory's entries must all be read to
 * sort them, so each is kept as one short string (its segment, with "/" for a directory) and the
 * directory listing itself is dropped before the walk goes deeper (in the benchmarks, a section holding
 * 12,500 articles cost 23 MiB of heap while it was held as objects with full paths).
 */
async function* walk(dir: string, dirKey: string, prefix: string): AsyncGenerator<string> {
  let entries: Dirent[] | undefined;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw failed('list', dirKey, error);
  }
  const names: string[] = [];
  for (const entry of entries) {
    if (entry.isDirectory() && isObjectKeySegment(entry.name)) {
      const key = `${dirKey}${entry.name}/`;
      if (key.startsWith(prefix) || prefix.startsWith(key)) names.push(`${entry.name}/`);
    } else if (entry.isFile() && entry.name.endsWith(OBJECT_SUFFIX)) {
      const segment = entry.name.slice(0, -OBJECT_SUFFIX.length);
      // Temp files start with "." and so fail the segment rule; so does anything not ours.
      if (isObjectKeySegment(segment) && (dirKey + segment).startsWith(prefix)) names.push(segment);
    }
  }
  entries = undefined;
  // Plain code-unit order, as S3 lists keys (the common dirKey does not change the order).
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const name of names) {
    if (name.endsWith('/')) yield* walk(join(dir, name.slice(0, -1)), dirKey + name, prefix);
    else yield dirKey + name;
  }
}

/** Returns the header length after checking the magic; throws STORED_OBJECT_CORRUPT. */
function checkPreamble(key: string, preamble: Buffer): number {
  if (preamble.length < PREAMBLE_LENGTH || !preamble.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw corrupt(key, 'it does not start with the object header');
  }
  const headerLength = preamble.readUInt32BE(MAGIC.length);
  if (headerLength > MAX_HEADER_LENGTH) throw corrupt(key, 'its header length is implausible');
  return headerLength;
}

function decodeHeader(key: string, bytes: Buffer): { header: { meta: ObjectMeta; bodyLength: number }; bodyStart: number } {
  const headerLength = checkPreamble(key, bytes);
  const bodyStart = PREAMBLE_LENGTH + headerLength;
  if (bytes.length < bodyStart) throw corrupt(key, 'its header is truncated');
  let json: unknown;
  try {
    json = JSON.parse(bytes.subarray(PREAMBLE_LENGTH, bodyStart).toString('utf8'));
  } catch {
    throw corrupt(key, 'its header is not JSON');
  }
  const parsed = headerSchema.safeParse(json);
  if (!parsed.success) throw corrupt(key, 'its header has the wrong shape');
  return { header: { meta: parseStoredMeta(parsed.data.meta, key), bodyLength: parsed.data.bodyLength }, bodyStart };
}

function corrupt(key: string, why: string): PlatformError {
  return new PlatformError('STORED_OBJECT_CORRUPT', `Stored object ${key} is corrupt: ${why}`, { details: { key } });
}

function failed(operation: string, key: string, cause: unknown): PlatformError {
  if (cause instanceof PlatformError) return cause;
  return new PlatformError('STORAGE_FAILED', `Filesystem storage could not ${operation} ${key || '(root)'}`, {
    cause,
    details: { key, operation },
  });
}

/** Whether the object file exists (one stat call; a missing directory on the way counts as none). */
function fileExists(key: string, file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false }) !== undefined;
  } catch (error) {
    if (isMissing(error)) return false;
    throw failed('stat', key, error);
  }
}

/** ENOENT, or ENOTDIR when part of the path is a file (a key below an object): both mean "none". */
function isMissing(error: unknown): boolean {
  return hasCode(error, 'ENOENT') || hasCode(error, 'ENOTDIR');
}
