import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Stops a server within a bounded time; see {@link trackConnections}. */
export interface GracefulShutdown {
  /**
   * Stops accepting connections, closes idle ones at once (those that never sent a byte too),
   * lets requests in flight finish and cuts whatever is still open after `graceMs`. Resolves when
   * every connection is gone and every request handler has returned.
   */
  close(graceMs: number): Promise<void>;
  /** Wraps a request handler so that close() also waits for it to return. */
  handler<A extends unknown[], R>(fn: (...args: A) => Promise<R>): (...args: A) => Promise<R>;
}

/** While closing, a connection ends with its response: keep-alive would only keep it open. */
const endsConnection = (res: ServerResponse) => {
  if (!res.headersSent) res.setHeader('connection', 'close');
};

/**
 * Follows every connection of `server` and whether a request is in flight on it. Node's own
 * `server.close()` waits for every socket, and its `closeIdleConnections()` skips a socket that
 * never sent a request, so one silent client would hold a shutdown open for minutes.
 */
export function trackConnections(server: Server): GracefulShutdown {
  const sockets = new Set<Socket>();
  /** Sockets with a request in flight, and its response. */
  const busy = new Map<Socket, ServerResponse>();
  let handlers = 0;
  let handlersDone: (() => void) | undefined;
  let closing = false;

  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      busy.delete(socket);
    });
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    busy.set(socket, res);
    if (closing) endsConnection(res);
    res.once('close', () => {
      busy.delete(socket);
      if (closing) socket.end();
    });
  });

  return {
    handler(fn) {
      return async (...args) => {
        handlers++;
        try {
          return await fn(...args);
        } finally {
          if (--handlers === 0) handlersDone?.();
        }
      };
    },
    close(graceMs) {
      closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) {
        const res = busy.get(socket);
        if (res) endsConnection(res);
        else socket.destroy();
      }
      // Requests still in flight get the grace; a response will end its own connection.
      let cut: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => {
        cut = setTimeout(() => {
          for (const socket of sockets) socket.destroy();
          resolve();
        }, graceMs);
      });
      const returned = new Promise<void>((resolve) => {
        if (handlers === 0) resolve();
        else handlersDone = resolve;
      });
      // A handler still running after the cut is one whose client is gone: it is not waited for.
      return Promise.race([Promise.all([closed, returned]), deadline.then(() => closed)]).then(() => clearTimeout(cut));
    },
  };
}
