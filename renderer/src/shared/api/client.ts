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

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * One JSON request to the server this page came from. Relative URLs: the kiosk and the dashboard are served by the
 * API they call, in a browser and in the desktop shell alike; the browser adds the session cookie and the Origin.
 */
export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        accept: 'application/json',
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, '');
  }
  const payload = (await response.json().catch(() => ({}))) as {
    message?: unknown;
    errors?: FieldErrors;
  };
  if (!response.ok) {
    const message = typeof payload.message === 'string' ? payload.message : '';
    throw new ApiError(response.status, message, payload.errors ?? {}, payload);
  }
  return payload as T;
}

export const segment = encodeURIComponent;
