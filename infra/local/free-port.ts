/**
 * Free ports for the servers this project starts itself (the embedded Redis of `npm start`, the
 * test servers), and the retry their start-up needs: freePort() must close its socket before the
 * server binds the port, and in between any outgoing connection on the machine (Chromium, a fetch,
 * a Redis client) may be given the same ephemeral port. The server then exits with "Address
 * already in use", and another port is the cure.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Ports tried in all before a start-up whose port keeps being taken gives up. */
export const FREE_PORT_ATTEMPTS = 3;

export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether `port` can be listened on at 127.0.0.1 now. */
async function canListen(port: number): Promise<boolean> {
  return await new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The first port the OS hands out to outgoing connections (Linux; 32768 elsewhere, its default). */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 2_048 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

/**
 * A free port below the OS's ephemeral range, for a server that binds it long after it is chosen
 * (a child process that builds and publishes before it listens): no outgoing connection is ever
 * given such a port, so only another server choosing the same one can take it. Chosen at random
 * from the 10,000 ports under the range and checked free; `avoid` are ports already handed out.
 */
export async function freePortBelowEphemeral(avoid: ReadonlySet<number> = new Set()): Promise<number> {
  const high = ephemeralLow() - 1;
  const low = Math.max(1_024, high - 10_000);
  for (let tries = 0; tries < 50; tries += 1) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (!avoid.has(port) && (await canListen(port))) return port;
  }
  return await freePort();
}

/** A start-up that failed because its port was taken: the one failure another port may cure. */
export class PortInUseError extends Error {
  override name = 'PortInUseError';
}

/**
 * Whether a server's output says it could not bind its port. The wording is the OS's (EADDRINUSE)
 * in each: redis-server "bind: Address already in use", varnishd "Could not get socket
 * 127.0.0.1:PORT: Address already in use", Node "listen EADDRINUSE: address already in use".
 */
export function saysAddressInUse(output: string): boolean {
  return /address already in use/i.test(output);
}

export interface FreePortRetryOptions {
  /** Where the ports come from: freePort by default (tests hand out a taken one). */
  ports?: () => Promise<number>;
}

/**
 * `start(port)` on a port from `ports`, and again on a new one each time it throws PortInUseError,
 * up to FREE_PORT_ATTEMPTS ports in all. Any other error is thrown at once.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>, options: FreePortRetryOptions = {}): Promise<T> {
  const { ports = freePort } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await ports());
    } catch (error) {
      if (!(error instanceof PortInUseError)) throw error;
      if (attempt === FREE_PORT_ATTEMPTS) {
        throw new PortInUseError(`${attempt} ports tried, each taken before the server bound it; the last: ${error.message}`, { cause: error });
      }
    }
  }
}
