import type { FastifyInstance } from 'fastify';

/** The headers a browser sends from the dashboard's own page. */
export const SAME_ORIGIN = { origin: 'http://localhost:80', host: 'localhost:80' };

export type DashboardClient = ReturnType<typeof dashboardClient>;

/** A dashboard client: keeps the session cookie and sends the same-origin headers a browser would. */
export function dashboardClient(app: () => FastifyInstance) {
  let cookie = '';
  const send = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await app().inject({
      method,
      url: `/dashboard/api${path}`,
      headers: {
        ...SAME_ORIGIN,
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    const setCookie = res.headers['set-cookie'];
    if (typeof setCookie === 'string') cookie = setCookie.split(';')[0]!;
    const isJson = String(res.headers['content-type'] ?? '').includes('json');
    return { status: res.statusCode, body: isJson ? res.json() : res.body, headers: res.headers };
  };
  return { send, cookie: () => cookie };
}
