/**
 * The local filesystem ObjectStore: the embedded default (DESIGN.md, "The embedded default").
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
 */
import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { z } from 'zod';
import { PlatformError } from '../errors.js';
import { checkPutMeta, parseStoredMeta, verifiedObject } from './meta.js';
import { assertListPrefix, assertObjectKey, isObjectKeySegment } from './object-key.js';
import type { ObjectMeta, ObjectStore, StoredObject } from './types.js';

export interface FsStoreOptions {
  /** Directory holding the objects; created on first write. A relative path resolves against the working directory. */
  root: string;
  /** fsync each object before it is renamed into place, so a crash cannot leave an empty page. Default true. */
  durable?: boolean;
}

const DEFAULTS = { durable: true } as const;

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

  async function head(key: string): Promise<ObjectMeta | null> {
    const file = fileFor(key);
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw failed('open', key, error);
    }
    try {
      // head() must not read a 5 MB body: one read of HEAD_READ_BYTES holds the preamble and a
      // typical header (the edge revalidates with head() on every hot request, so each file
      // operation counts); a larger header takes a second read of exactly the rest.
      // allocUnsafe: only the bytes read are used (the subarray below), so nothing stale is seen.
      let bytes = Buffer.allocUnsafe(HEAD_READ_BYTES);
      const { bytesRead } = await handle.read(bytes, 0, HEAD_READ_BYTES, 0);
      bytes = bytes.subarray(0, bytesRead);
      const headerEnd = PREAMBLE_LENGTH + checkPreamble(key, bytes);
      if (bytes.length < headerEnd) {
        const rest = Buffer.alloc(headerEnd - bytes.length);
        const got = await handle.read(rest, 0, rest.length, bytes.length);
        bytes = Buffer.concat([bytes, rest.subarray(0, got.bytesRead)]);
      }
      const { header, bodyStart } = decodeHeader(key, bytes.subarray(0, headerEnd));
      const { size } = await handle.stat();
      if (size !== bodyStart + header.bodyLength) throw corrupt(key, 'its length does not match its header');
      return header.meta;
    } catch (error) {
      if (error instanceof PlatformError) throw error;
      throw failed('read', key, error);
    } finally {
      await handle.close();
    }
  }

  async function put(key: string, body: Buffer, meta: ObjectMeta): Promise<void> {
    const file = fileFor(key);
    const checked = checkPutMeta(key, body, meta);
    const header = Buffer.from(JSON.stringify({ meta: checked, bodyLength: body.length }), 'utf8');
    const preamble = Buffer.alloc(PREAMBLE_LENGTH);
    MAGIC.copy(preamble, 0);
    preamble.writeUInt32BE(header.length, MAGIC.length);
    const dir = dirname(file);
    const temp = join(dir, `.${file.slice(dir.length + 1)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await mkdir(dir, { recursive: true });
      const handle = await open(temp, 'wx');
      try {
        await handle.writeFile(Buffer.concat([preamble, header, body]));
        if (settings.durable) await handle.datasync();
      } finally {
        await handle.close();
      }
      await rename(temp, file);
    } catch (error) {
      // The clean-up's own failure (ENOTDIR when the directory could not be made) must not
      // replace the write's STORAGE_FAILED: the worker retries by that code.
      await rm(temp, { force: true }).catch(() => {});
      throw failed('write', key, error);
    }
  }

  async function remove(key: string): Promise<void> {
    const file = fileFor(key);
    try {
      await unlink(file);
    } catch (error) {
      if (isMissing(error)) return;
      throw failed('delete', key, error);
    }
  }

  async function* list(prefix: string): AsyncGenerator<string> {
    assertListPrefix(prefix);
    yield* walk(root, '', prefix);
  }

  return { driver: 'fs', get, head, put, delete: remove, list, close: async () => {} };
}

/**
 * Yields the keys below `dir` (whose key prefix is `dirKey`) that start with `prefix`, in
 * lexicographic order. Entries are sorted by the key text they stand for: a directory "a" by
 * "a/", the object "a" by "a"; every key under a directory starts with its "a/", so visiting the
 * sorted entries depth-first yields keys in order ("a" < "a-b" < "a.b" < "a/x" < "a0").
 *
 * Memory follows the largest directory, not the site: a directory's entries must all be read to
 * sort them, so each is kept as one short string (its segment, with "/" for a directory) and the
 * directory listing itself is dropped before the walk goes deeper (issue 9: a section holding
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

/** ENOENT, or ENOTDIR when part of the path is a file (a key below an object): both mean "none". */
function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}
