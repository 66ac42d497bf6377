/**
 * Listening on a configured port, with an error an operator can act on: a port already taken names
 * the variable that sets it (PORT, ADMIN_PORT, WORKER_METRICS_PORT, ...), instead of Node's bare
 * "listen EADDRINUSE".
 */
import type { FastifyInstance } from 'fastify';

/** A listen that failed because the port is taken, as an error naming `variable`; null for any other error. */
export function portTaken(error: unknown, port: number, host: string, variable: string): Error | null {
  if (!(error instanceof Error) || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') return null;
  return new Error(`Port ${port} on ${host} is already in use: stop what is listening there, or set ${variable} to a free port.`, { cause: error });
}

/** `app.listen(address)`, resolving with its URL; a taken port rejects with portTaken's error. */
export async function listenNamed(app: FastifyInstance, address: { port: number; host: string }, variable: string): Promise<string> {
  try {
    return await app.listen(address);
  } catch (error) {
    throw portTaken(error, address.port, address.host, variable) ?? error;
  }
}
