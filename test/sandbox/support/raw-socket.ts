import { connect, type Socket } from 'node:net';

/** A raw TCP client: what a slow, silent or misbehaving HTTP client looks like to the server. */
export interface RawClient {
  socket: Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves when the server (or anyone) closed the connection, with everything received. */
  closed: Promise<string>;
  write(text: string): void;
}

/** Opens a TCP connection to the host and port of `url` and resolves once connected. */
export function rawClient(url: string): Promise<RawClient> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    // A reset is one way a server cuts a client: it counts as closed.
    socket.on('error', () => undefined);
    const closed = new Promise<string>((done) => socket.once('close', () => done(data)));
    socket.once('connect', () =>
      resolve({
        socket,
        received: () => data,
        closed,
        write: (text) => socket.write(text),
      }),
    );
    socket.once('error', reject);
  });
}

/** Resolves once `predicate` holds on what the client received. */
export async function until(client: RawClient, predicate: (data: string) => boolean): Promise<string> {
  while (!predicate(client.received())) {
    if (client.socket.destroyed) throw new Error(`closed before the expected data; got: ${client.received()}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return client.received();
}
