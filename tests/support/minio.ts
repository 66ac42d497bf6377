/**
 * MinIO in a container for tests, when a Docker engine is present (the compose file's storage, checked against the S3 driver). docs/architecture.md "Tool constraints":
 * testcontainers must not be imported on a machine without Docker, so `dockerUnavailableReason()`
 * (docker-engine.ts) is checked first and the module is imported dynamically inside
 * `startTestMinio`. Without an engine the S3 tests run on s3rver (tests/support/s3rver.ts).
 */
import type { StartedTestContainer } from 'testcontainers';
import { dockerUnavailableReason } from './docker-engine.js';

export { dockerUnavailableReason };

export const MINIO_IMAGE = 'minio/minio:RELEASE.2025-04-22T22-12-26Z';

export interface TestMinio {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

export async function startTestMinio(options: { bucket?: string } = {}): Promise<TestMinio> {
  const reason = dockerUnavailableReason();
  if (reason !== null) throw new Error(`Cannot start MinIO: ${reason}`);
  const { GenericContainer, Wait } = await import('testcontainers');
  const accessKeyId = 'minio-test';
  const secretAccessKey = 'minio-test-secret';
  const container: StartedTestContainer = await new GenericContainer(MINIO_IMAGE)
    .withCommand(['server', '/data'])
    .withEnvironment({ MINIO_ROOT_USER: accessKeyId, MINIO_ROOT_PASSWORD: secretAccessKey })
    .withExposedPorts(9000)
    .withWaitStrategy(Wait.forHttp('/minio/health/live', 9000))
    .start();
  return {
    endpoint: `http://${container.getHost()}:${container.getMappedPort(9000)}`,
    region: 'us-east-1',
    // Created by the driver (createBucket: true): MinIO starts empty.
    bucket: options.bucket ?? 'test-bucket',
    accessKeyId,
    secretAccessKey,
    stop: async () => {
      await container.stop();
    },
  };
}
