/**
 * Closing a Fastify server promptly. `app.close()` stops listening, closes the keep-alive
 * connections idle at that moment and waits for the rest, and Node keeps two kinds of connection
 * open long after there is nothing left to do on them:
 *   - a connection that has not yet sent its first request counts as busy, not idle (its request
 *     clock starts when it connects), so only the headers timeout drops it, 60 s later. HTTP
 *     clients open them: a pool may connect ahead of a request it then sends on another socket;
 *   - a connection whose request was in flight when closing began stays kept-alive once answered,
 *     until the keep-alive timeout (72 s in Fastify).
 * A service's shutdown then waited about a minute for connections that would never carry anything.
 *
 * `dropUnusedConnectionsOnClose` ends the first kind (not a byte received) when the app starts
 * closing, refuses connections made after that, and answers requests that finish while closing
 * with `Connection: close`, ending their connection once the response is sent. A request in flight
 * still gets its whole answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export function dropUnusedConnectionsOnClose(app: FastifyInstance): void {
  /** Connections that have carried no request yet. */
  const unused = new Set<Socket>();
  let closing = false;
  app.server.on('connection', (socket: Socket) => {
    if (closing) {
      socket.destroy();
      return;
    }
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    unused.delete(request.socket);
    response.once('finish', () => {
      if (closing) request.socket.end();
    });
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('preClose', (done) => {
    closing = true;
    // A connection part way through sending its first request is left to finish it.
    for (const socket of unused) if (socket.bytesRead === 0) socket.destroy();
    done();
  });
}
