/**
 * A TCP relay to the PostgreSQL server that fails on command, the way networks and servers fail:
 * it relays; or swallows every new connection without a word (`blackHole`: a dead link); or cuts
 * each connection the moment its client sends a statement (`cutOnStatement`); or stops passing
 * bytes either way on the connections it holds, without closing them (`frozen`: a server that
 * stopped answering, or a link that drops every packet).
 */
import { createServer, Socket, type Server } from 'node:net';

export class Relay {
  private readonly sockets = new Set<Socket>();
  /** Connections opened to the relay so far. */
  connections = 0;
  blackHole = false;
  /** Cut each connection the moment its client sends a statement (the statement then runs on a dead connection). */
  cutOnStatement = false;
  /** Pass no byte either way, and close nothing (bytes sent meanwhile are lost). */
  frozen = false;
  readonly server: Server;

  constructor(target: { host: string; port: number }) {
    this.server = createServer((client) => {
      this.connections++;
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      client.on('error', () => {});
      if (this.blackHole) return; // accepted, never answered
      const upstream = new Socket();
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.connect(target.port, target.host, () => {
        client.on('data', (chunk: Buffer) => {
          if (this.frozen) return;
          // A Parse or Query message: the client is sending a statement.
          if (this.cutOnStatement && (chunk[0] === 0x50 || chunk[0] === 0x51)) {
            client.destroy();
            upstream.destroy();
          } else upstream.write(chunk);
        });
        upstream.on('data', (chunk: Buffer) => {
          if (!this.frozen) client.write(chunk);
        });
        upstream.on('end', () => client.end());
      });
      this.sockets.add(upstream);
      upstream.on('close', () => this.sockets.delete(upstream));
    });
  }

  listen(): Promise<number> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', () => resolve((this.server.address() as { port: number }).port)));
  }

  /** Every open connection cut, and every new one swallowed. */
  cut(): void {
    this.blackHole = true;
    for (const s of this.sockets) s.destroy();
  }

  close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
