/**
 * MinIO in a container for tests, when a Docker engine is present. TOOLCHAIN.md: testcontainers
 * must not be imported on a machine without Docker, so `dockerAvailable()` is checked first and
 * the module is imported dynamically inside `startTestMinio`.
 */
import { existsSync } from 'node:fs';
import type { StartedTestContainer } from 'testcontainers';

export const MINIO_IMAGE = 'minio/minio:RELEASE.2025-04-22T22-12-26Z';

/** Why Docker tests can't run here, or null when a Docker engine looks reachable. */
export function dockerUnavailableReason(): string | null {
  if (process.env.DOCKER_HOST) return null;
  if (existsSync('/var/run/docker.sock')) return null;
  return 'no Docker engine: neither DOCKER_HOST nor /var/run/docker.sock is present';
}

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
