import autocannon from 'autocannon';

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** One load run against one server. */
export interface LoadSample {
  /** Every answered request, whatever its status. */
  responses: number;
  /** 2xx responses: the only ones that count as throughput. */
  succeeded: number;
  /** Anything else, by status code (`error` for connection errors and timeouts). */
  failures: Record<string, number>;
  /** Status and start of the body of the first non-2xx answer, to tell a slow server from a broken request. */
  firstFailure: string | null;
  seconds: number;
  /** Latencies of the 2xx responses, in milliseconds. */
  latenciesMs: number[];
}

export interface LoadOptions {
  connections: number;
  seconds: number;
}

/**
 * Drives `url` with `nextRequest()` on every request for a fixed time. Latencies are collected per response rather
 * than read from autocannon's histogram, which records whole milliseconds and so shows most of these endpoints as
 * 0 or 1 ms.
 */
export async function runLoad(
  url: string,
  nextRequest: () => RequestSpec,
  options: LoadOptions,
): Promise<LoadSample> {
  const latenciesMs: number[] = [];
  let firstFailure: string | null = null;
  const instance = autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        setupRequest: (request) => ({ ...request, ...nextRequest() }),
        onResponse: (statusCode, body) => {
          if (firstFailure === null && !isSuccess(statusCode))
            firstFailure = `${statusCode} ${body.slice(0, 200)}`;
        },
      },
    ],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (isSuccess(statusCode)) latenciesMs.push(responseTime);
  });
  const result = await instance;
  return {
    responses: result['2xx'] + result.non2xx,
    succeeded: result['2xx'],
    failures: failuresOf(result.statusCodeStats, result.errors),
    firstFailure,
    seconds: result.duration,
    latenciesMs,
  };
}

const isSuccess = (statusCode: number) => statusCode >= 200 && statusCode < 300;

function failuresOf(statusCodes: Record<string, { count: number }>, errors: number): Record<string, number> {
  const failures: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(statusCodes)) {
    if (!status.startsWith('2')) failures[status] = count;
  }
  if (errors > 0) failures.error = errors;
  return failures;
}

/** Several runs of one side pooled: total successes over total time, percentiles over every latency. */
export function poolSamples(samples: readonly LoadSample[]): LoadSample {
  const failures: Record<string, number> = {};
  for (const sample of samples) {
    for (const [status, count] of Object.entries(sample.failures))
      failures[status] = (failures[status] ?? 0) + count;
  }
  return {
    responses: samples.reduce((sum, s) => sum + s.responses, 0),
    succeeded: samples.reduce((sum, s) => sum + s.succeeded, 0),
    failures,
    firstFailure: samples.find((s) => s.firstFailure !== null)?.firstFailure ?? null,
    seconds: samples.reduce((sum, s) => sum + s.seconds, 0),
    latenciesMs: samples.flatMap((s) => s.latenciesMs),
  };
}

/** Nearest-rank percentile, `p` in [0, 100]. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}
