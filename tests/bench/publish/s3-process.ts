/**
 * s3rver (tests/support/s3rver.ts) in a process of its own for the throughput section, so the
 * S3 endpoint neither takes the bench process's CPU nor gives its own to it: the publish and the
 * raw PUT rate then meet the same server on the same terms. Run as a script it starts s3rver,
 * prints one JSON line with its address and stays up until SIGTERM.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startTestS3, type TestS3 } from '../../support/s3rver.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SELF = fileURLToPath(import.meta.url);

export type S3Process = Omit<TestS3, 'stop'> & { pid: number; stop(): Promise<void> };

/** `directory`: where s3rver stores, left in place on stop (see startTestS3); default a temp one it removes. */
export async function startS3Process(bucket: string, directory?: string): Promise<S3Process> {
  const child = spawn(process.execPath, ['--import', 'tsx', SELF, bucket, ...(directory === undefined ? [] : [directory])], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      seen += chunk;
      const end = seen.indexOf('\n');
      if (end >= 0) resolve(seen.slice(0, end));
    });
    child.once('exit', (code) => reject(new Error(`s3rver process exited with code ${code} before it listened`)));
  });
  const address = JSON.parse(line) as Omit<TestS3, 'stop'>;
  return {
    ...address,
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

if (process.argv[1] === SELF) {
  const directory = process.argv[3];
  const s3 = await startTestS3({ bucket: process.argv[2] ?? 'bench', ...(directory === undefined ? {} : { directory }) });
  const address: Omit<TestS3, 'stop'> = { endpoint: s3.endpoint, region: s3.region, bucket: s3.bucket, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey };
  process.stdout.write(`${JSON.stringify(address)}\n`);
  process.once('SIGTERM', () => {
    void s3.stop().finally(() => process.exit(0));
  });
}
