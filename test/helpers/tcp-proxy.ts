import net from 'node:net';

/**
 * How the proxy treats traffic between a kiosk and its hub:
 * - `open`: bytes flow both ways;
 * - `cut`: a partition: every connection is dropped, new ones are reset as soon as they arrive;
 * - `lose-answers`: requests reach the hub, but its answers never reach the kiosk: the first byte back from the hub
 *   closes both sides (the hub has committed by then: it answers only after its transaction);
 * - `hold-answers`: as `lose-answers`, but the connection stays open and silent, as if the answer were still on its
 *   way (for killing the kiosk between the hub's commit and the ack it never stored).
 */
export type ProxyMode = 'open' | 'cut' | 'lose-answers' | 'hold-answers';

export interface TcpProxy {
  port: number;
  /** `http://127.0.0.1:PORT`. */
  url: string;
  mode(): ProxyMode;
  setMode(mode: ProxyMode): void;
  /** Resolves once a request whose line matches `request` has been sent on to the hub, after this call. */
  whenForwarded(request: RegExp): Promise<void>;
  /** The requests (`POST /sync/ops`...) whose answers never reached the kiosk, in order. */
  answersLost(): string[];
  /** Resolves once the answer to a request whose line matches `request` has been lost. */
  whenAnswerLost(request: RegExp): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy between a kiosk and its hub, on a loopback port, that a test can cut: the cleanest partition, and the
 * only way to lose an answer after the hub committed. The hub's port is read at each connection, so a restarted hub
 * on another port is reached by changing `target`.
 */
export async function startTcpProxy(target: { port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'open';
  const lost: string[] = [];
  const lostWaiters: { request: RegExp; resolve: () => void }[] = [];
  const forwardWaiters: { request: RegExp; resolve: () => void }[] = [];
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();

  const noteLost = (request: string) => {
    lost.push(request);
    for (const waiter of [...lostWaiters]) {
      if (waiter.request.test(request)) {
        lostWaiters.splice(lostWaiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };

  const server = net.createServer((client) => {
    if (mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect({ host: '127.0.0.1', port: target.port });
    const pair = { client, upstream };
    pairs.add(pair);
    let answerLost = false;
    // The request line of the last request the kiosk sent on this connection (`POST /sync/ops`).
    let request = '';
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk) => {
      if (mode === 'cut') return drop();
      const line = /^([A-Z]+ \S+) HTTP\/1\.1\r\n/.exec(chunk.toString('latin1', 0, 2048));
      if (line) request = line[1]!;
      upstream.write(chunk);
      if (line) {
        for (const waiter of [...forwardWaiters]) {
          if (waiter.request.test(request)) {
            forwardWaiters.splice(forwardWaiters.indexOf(waiter), 1);
            waiter.resolve();
          }
        }
      }
    });
    upstream.on('data', (chunk) => {
      if (mode === 'cut') return drop();
      if (mode === 'lose-answers' || mode === 'hold-answers') {
        if (!answerLost) {
          answerLost = true;
          noteLost(request);
        }
        if (mode === 'lose-answers') drop();
        return;
      }
      client.write(chunk);
    });
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', () => {
      // A held answer stays silent: the kiosk must not learn that anything happened.
      if (!answerLost || mode !== 'hold-answers') drop();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    mode: () => mode,
    setMode(next) {
      mode = next;
      if (next === 'cut') {
        for (const pair of [...pairs]) {
          pairs.delete(pair);
          pair.client.resetAndDestroy();
          pair.upstream.destroy();
        }
      }
    },
    whenForwarded(request) {
      return new Promise((resolve) => forwardWaiters.push({ request, resolve }));
    },
    answersLost: () => [...lost],
    whenAnswerLost(request) {
      if (lost.some((line) => request.test(line))) return Promise.resolve();
      return new Promise((resolve) => lostWaiters.push({ request, resolve }));
    },
    async close() {
      for (const pair of [...pairs]) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      pairs.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
