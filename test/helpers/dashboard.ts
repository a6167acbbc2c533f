import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../server/access/passwords.ts';
import type { StaffRole } from '../../server/contract/vocabulary.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import { toTimestamp } from '../../server/platform/time.ts';

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

const PASSWORD = 'correct horse battery';

/** First-run setup on a fresh app: a new organization named `organizationName`, and its owner signed in. */
export async function setUpOwner(app: FastifyInstance, organizationName: string): Promise<DashboardClient> {
  const owner = dashboardClient(() => app);
  const body = { organization_name: organizationName, name: 'Olive Owner', email: 'olive@example.com' };
  const setUp = await owner.send('POST', '/setup', { ...body, password: PASSWORD });
  if (setUp.status !== 201) throw new Error(`setup answered ${setUp.status}: ${JSON.stringify(setUp.body)}`);
  return owner;
}

let members = 0;

/** A new staff account of `organization` with `role`, signed in to the dashboard. */
export async function signedInMember(
  app: FastifyInstance,
  organization: Organization,
  role: StaffRole,
): Promise<DashboardClient> {
  const email = `${role}${++members}@example.com`;
  const passwordHash = await hashPassword(PASSWORD);
  const now = toTimestamp(app.ctx.clock.now());
  app.store.repos.staff.create(
    { organizationId: organization.id, name: 'Sam Member', email, passwordHash, role },
    now,
  );
  const client = dashboardClient(() => app);
  const signIn = await client.send('POST', '/session', { email, password: PASSWORD });
  if (signIn.status !== 200) {
    throw new Error(`sign-in answered ${signIn.status}: ${JSON.stringify(signIn.body)}`);
  }
  return client;
}
