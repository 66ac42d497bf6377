/**
 * A real S3-protocol server for tests (docs/architecture.md, "Principles": no in-memory fake of S3):
 * s3rver in-process on 127.0.0.1, on a port the OS picks, storing in a temp directory that is
 * removed on stop (docs/architecture.md "Tool constraints", S3 clients).
 */
import { mkdtemp, rm } from 'node:fs/promises';
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
}

export async function startTestS3(options: TestS3Options = {}): Promise<TestS3> {
  const bucket = options.bucket ?? 'test-bucket';
  const directory = await mkdtemp(join(tmpdir(), 'test-s3rver-'));
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
    await rm(directory, { recursive: true, force: true });
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
      await rm(directory, { recursive: true, force: true });
    },
  };
}
