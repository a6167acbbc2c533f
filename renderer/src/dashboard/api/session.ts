import type { StaffRole } from '../../../../server/contract/vocabulary.ts';
import { request, segment } from '../../shared/api/client.ts';

/**
 * The dashboard's own API lives under `/dashboard/api` (server/routes/dashboard), authenticated by the session
 * cookie the browser keeps. One module per area, beside the screens that use it.
 */
export const DASHBOARD_API = '/dashboard/api';

export type { StaffRole };

export interface StaffAccount {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  created_at: string;
}

export interface Session {
  staff: StaffAccount;
  organization: { id: string; name: string; slug: string };
}

export interface SetupInput {
  organization_name: string;
  name: string;
  email: string;
  password: string;
  load_demo: boolean;
}

export interface StaffInput {
  name: string;
  email: string;
  password: string;
  role: StaffRole;
}

export type StaffChanges = Partial<Pick<StaffInput, 'name' | 'role' | 'password'>>;

const path = (rest: string) => `${DASHBOARD_API}${rest}`;

export const sessionApi = {
  needsSetup: (signal?: AbortSignal) =>
    request<{ data: { needs_setup: boolean } }>('GET', path('/setup'), { signal }).then(
      (r) => r.data.needs_setup,
    ),
  setUp: (input: SetupInput) =>
    request<{ data: Session }>('POST', path('/setup'), { body: input }).then((r) => r.data),
  current: (signal?: AbortSignal) =>
    request<{ data: Session }>('GET', path('/session'), { signal }).then((r) => r.data),
  signIn: (email: string, password: string) =>
    request<{ data: Session }>('POST', path('/session'), { body: { email, password } }).then((r) => r.data),
  signOut: () => request<{ message: string }>('DELETE', path('/session')),
};

export const staffApi = {
  list: (signal?: AbortSignal) =>
    request<{ data: StaffAccount[] }>('GET', path('/staff'), { signal }).then((r) => r.data),
  create: (input: StaffInput) =>
    request<{ data: StaffAccount }>('POST', path('/staff'), { body: input }).then((r) => r.data),
  update: (id: string, changes: StaffChanges) =>
    request<{ data: StaffAccount }>('PATCH', path(`/staff/${segment(id)}`), { body: changes }).then(
      (r) => r.data,
    ),
  remove: (id: string) => request<unknown>('DELETE', path(`/staff/${segment(id)}`)),
};
