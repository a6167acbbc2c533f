import createClient, { type ClientOptions, type Middleware } from 'openapi-fetch';
import type { paths } from './schema.d.ts';
import type { FieldErrors } from './types.ts';

/**
 * A refusal from the server (`status` and its `message`, plus `fieldErrors` on 422), or status 0 when the server
 * could not be reached at all.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldErrors = {},
    /** The whole refusal, for the few that carry more than a message (a CSV import's per-row report). */
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetworkFailure(): boolean {
    return this.status === 0;
  }
}

/**
 * Every refusal is thrown as an ApiError with the server's message, and a server that cannot be reached as one of
 * status 0; a request its caller aborted keeps rejecting with the AbortError, so callers can tell the two apart.
 */
const refusalsAsApiErrors: Middleware = {
  async onResponse({ response }) {
    if (response.ok) return undefined;
    const payload = (await response.json().catch(() => ({}))) as { message?: unknown; errors?: FieldErrors };
    const message = typeof payload.message === 'string' ? payload.message : '';
    throw new ApiError(response.status, message, payload.errors ?? {}, payload);
  },
  onError({ request }) {
    return request.signal.aborted ? undefined : new ApiError(0, '');
  },
};

/** A client of the server's API, typed by its OpenAPI document (schema.d.ts), that throws ApiErrors. */
export function createApiClient(options: ClientOptions = {}) {
  const client = createClient<paths>({ headers: { accept: 'application/json' }, ...options });
  client.use(refusalsAsApiErrors);
  return client;
}

/**
 * The server this page came from: paths, parameters, bodies and answers as schema.d.ts has them. Relative URLs:
 * the kiosk and the dashboard are served by the API they call, in a browser and in the desktop shell alike; the
 * browser adds the session cookie and the Origin. The page sends them through `sendWith`'s fetch: main.tsx hands
 * it the one that carries the kiosk's calls on through another of the venue's servers when this one stops
 * (shared/venue/venue.ts).
 */
let send: (request: Request) => Promise<Response> = (request) => fetch(request);

export const api = createApiClient({ fetch: (request: Request) => send(request) });

/** How the page's API calls are sent from now on. */
export function sendWith(fetcher: (request: Request) => Promise<Response>): void {
  send = fetcher;
}

/** What a call answered: a refusal never gets here, it was thrown as an ApiError. */
export async function answer<T>(call: Promise<{ data?: T }>): Promise<T> {
  const { data } = await call;
  return data as T;
}
