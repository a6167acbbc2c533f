/**
 * The part of autocannon 9's programmatic API the benchmark uses. autocannon ships no types and @types/autocannon
 * is not a dependency; these follow lib/run.js and lib/httpRequestBuilder.js of the installed version.
 */
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Called before every request on a connection; what it returns is sent. */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    /** Called with every response to this request, body included. */
    onResponse?: (statusCode: number, body: string) => void;
  }

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    pipelining?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    requests?: Request[];
  }

  export interface Result {
    /** Seconds the run actually took. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }

  export interface Instance extends PromiseLike<Result> {
    /** Every response, whatever its status; `responseTime` is in milliseconds with sub-millisecond precision. */
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
    stop(): void;
  }

  export default function autocannon(options: Options): Instance;
}
