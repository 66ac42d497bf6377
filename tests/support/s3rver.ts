/**
 * A real S3-protocol server for tests (docs/architecture.md, "Principles": no in-memory fake of S3):
 * s3rver in-process on 127.0.0.1, on a port the OS picks, storing in a temp directory that is
 * removed on stop (docs/architecture.md "Tool constraints", S3 clients), or in a directory the
 * caller gives and removes itself.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  /** http://127.0.0.1:PORT */
  endpoint: string;
  region: string;
  /** A bucket that exists when the server starts. */
  bucket: string;
  /** s3rver's fixed credentials. */
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

export interface TestS3Options {
  /** Bucket to create at start. Default "test-bucket". */
  bucket?: string;
  /**
   * Where to store the objects, made if missing and left in place on stop: the caller removes it
   * (the throughput bench removes its servers' directories once it is done, ADR 0047). Default: a
   * temp directory removed on stop.
   */
  directory?: string;
}

export async function startTestS3(options: TestS3Options = {}): Promise<TestS3> {
  const bucket = options.bucket ?? 'test-bucket';
  const owned = options.directory === undefined;
  const directory = options.directory ?? (await mkdtemp(join(tmpdir(), 'test-s3rver-')));
  if (!owned) await mkdir(directory, { recursive: true });
  const removeOwned = async (): Promise<void> => {
    if (owned) await rm(directory, { recursive: true, force: true });
  };
  const server = new S3rver({
    // Port 0: the OS picks a free port at listen time, so parallel test files never collide.
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  let address;
  try {
    address = await server.run();
  } catch (error) {
    await removeOwned();
    throw error;
  }
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    stop: async () => {
      await server.close();
      await removeOwned();
    },
  };
}
