import net from 'node:net';

/**
 * What a link between two tiers (a kiosk and its hub, the hub and the online server) does to traffic, as the chaos
 * run switches it (a sibling of test/helpers/tcp-proxy.ts, with every fault the run needs):
 * - `open`: bytes flow both ways;
 * - `refuse`: connections are reset: the ones open when the mode starts, and each new one as it arrives (the peer's
 *   machine up, its server down);
 * - `blackhole`: connections are accepted and never answered, and the ones open when the mode starts go silent too
 *   (a peer that froze or walked out of Wi-Fi range); a silenced connection stays silent after the mode ends;
 * - `lose-answers`: requests reach the peer, but the first byte of each answer resets the connection (the peer
 *   committed, the sender never hears it);
 * - `refuse-pushes`: a request that sends ops (`POST /sync/ops`) is reset before it reaches the peer, anything else
 *   flows: the sender reads the feed while its own changes cannot get through.
 * `drop()` closes every open connection once (a blip), whatever the mode. `heal()` opens the link and resets the
 * connections it silenced, as a peer's network stack does once packets flow again to a connection it forgot.
 */
export type LinkMode = 'open' | 'refuse' | 'blackhole' | 'lose-answers' | 'refuse-pushes';

export interface LinkStats {
  connections: number;
  refused: number;
  dropped: number;
  silenced: number;
  answersLost: number;
  pushesRefused: number;
}

/** An answer that went through the link, by its request line and status (`POST /sync/ops` 500). */
export interface LinkAnswer {
  request: string;
  status: number;
  count: number;
}

export interface FaultProxy {
  name: string;
  port: number;
  /** `http://127.0.0.1:PORT`. */
  url: string;
  mode(): LinkMode;
  setMode(mode: LinkMode): void;
  /** Closes every open connection now. */
  drop(): void;
  /** `open`, and the silenced connections reset. */
  heal(): void;
  stats(): LinkStats;
  /** Every status answered through the link, counted by request line (its path without the query) and status. */
  answers(): LinkAnswer[];
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
  /** Black-holed: bytes are swallowed both ways until the client gives up. */
  silent: boolean;
}

/** A proxy on a loopback port to `target.port` (read at each connection, so a peer may come back elsewhere). */
export async function startFaultProxy(name: string, target: { port: number }): Promise<FaultProxy> {
  let mode: LinkMode = 'open';
  const pairs = new Set<Pair>();
  const held = new Set<net.Socket>();
  const stats: LinkStats = {
    connections: 0,
    refused: 0,
    dropped: 0,
    silenced: 0,
    answersLost: 0,
    pushesRefused: 0,
  };
  const answered = new Map<string, LinkAnswer>();
  const noteAnswer = (request: string, status: number) => {
    const key = `${request} ${status}`;
    const known = answered.get(key) ?? { request, status, count: 0 };
    known.count += 1;
    answered.set(key, known);
  };

  const forget = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.destroy();
    pair.upstream.destroy();
  };

  /** A connection accepted while black-holed: read and never answered, until the client closes it. */
  const hold = (socket: net.Socket) => {
    held.add(socket);
    stats.silenced += 1;
    socket.on('data', () => {});
    socket.on('error', () => socket.destroy());
    socket.on('close', () => held.delete(socket));
  };

  const server = net.createServer((client) => {
    stats.connections += 1;
    if (mode === 'refuse') {
      stats.refused += 1;
      client.on('error', () => {});
      client.resetAndDestroy();
      return;
    }
    if (mode === 'blackhole') return hold(client);
    const upstream = net.connect({ host: '127.0.0.1', port: target.port });
    const pair: Pair = { client, upstream, silent: false };
    pairs.add(pair);
    // The request line of the last request sent on this connection, without its query.
    let request = '';
    client.on('data', (chunk) => {
      if (pair.silent) return;
      const line = /^([A-Z]+ [^\s?]+)\S* HTTP\/1\.1\r\n/.exec(chunk.toString('latin1', 0, 2048));
      if (line) request = line[1]!;
      if (mode === 'refuse-pushes' && line && request === 'POST /sync/ops') {
        stats.pushesRefused += 1;
        pairs.delete(pair);
        client.resetAndDestroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (pair.silent) return;
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(chunk.toString('latin1', 0, 64));
      if (status) noteAnswer(request, Number(status[1]));
      if (mode === 'lose-answers') {
        stats.answersLost += 1;
        pairs.delete(pair);
        client.resetAndDestroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    client.on('error', () => forget(pair));
    upstream.on('error', () => {
      // A peer that is down refuses the proxy: the client sees its connection reset, as it would without us.
      pairs.delete(pair);
      if (!pair.silent && !client.destroyed) client.resetAndDestroy();
      upstream.destroy();
    });
    client.on('close', () => forget(pair));
    upstream.on('close', () => {
      if (!pair.silent) forget(pair);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    mode: () => mode,
    setMode(next) {
      mode = next;
      if (next === 'refuse') {
        for (const pair of [...pairs]) {
          stats.refused += 1;
          pairs.delete(pair);
          pair.client.resetAndDestroy();
          pair.upstream.destroy();
        }
      }
      if (next === 'blackhole') {
        for (const pair of pairs) {
          if (pair.silent) continue;
          pair.silent = true;
          stats.silenced += 1;
          // The peer's side is closed (it would time out on its own); the client's stays open and silent.
          pair.upstream.destroy();
        }
      }
    },
    drop() {
      for (const pair of [...pairs]) {
        if (pair.silent) continue;
        stats.dropped += 1;
        forget(pair);
      }
    },
    heal() {
      mode = 'open';
      for (const pair of [...pairs]) {
        if (!pair.silent) continue;
        pairs.delete(pair);
        pair.client.resetAndDestroy();
      }
      for (const socket of [...held]) socket.resetAndDestroy();
    },
    stats: () => ({ ...stats }),
    answers: () => [...answered.values()].map((answer) => ({ ...answer })),
    async close() {
      for (const pair of [...pairs]) forget(pair);
      for (const socket of [...held]) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
