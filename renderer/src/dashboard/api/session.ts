import { answer, api } from '../../shared/api/client.ts';
import type { Answer, RequestBody, Schema } from '../../shared/api/types.ts';

/**
 * The dashboard's own API lives under `/dashboard/api` (server/app.ts mounts it), authenticated by the session
 * cookie the browser keeps. One module per area, beside the screens that use it; every shape is the generated
 * schema's (shared/api/types.ts).
 */

export type StaffAccount = Schema<'StaffAccount'>;
export type StaffRole = StaffAccount['role'];
export type Session = Answer<'/dashboard/api/session', 'get'>['data'];
export type SetupInput = RequestBody<'/dashboard/api/setup', 'post'>;
export type StaffInput = RequestBody<'/dashboard/api/staff', 'post'>;
export type StaffChanges = RequestBody<'/dashboard/api/staff/{id}', 'patch'>;

export const sessionApi = {
  /** Whether first-run setup is still needed, and whether this device must give the setup code for it. */
  setupState: (signal?: AbortSignal) =>
    answer(api.GET('/dashboard/api/setup', { signal })).then((r) => ({
      needsSetup: r.data.needs_setup,
      needsSetupCode: r.data.needs_setup_code,
    })),
  setUp: (input: SetupInput) => answer(api.POST('/dashboard/api/setup', { body: input })).then((r) => r.data),
  current: (signal?: AbortSignal) =>
    answer(api.GET('/dashboard/api/session', { signal })).then((r) => r.data),
  signIn: (email: string, password: string) =>
    answer(api.POST('/dashboard/api/session', { body: { email, password } })).then((r) => r.data),
  signOut: () => answer(api.DELETE('/dashboard/api/session')),
  /** Tickets to carry this session on at each kiosk's server when the hub stops (dashboard/shell/roaming.ts). */
  roamingTickets: () => answer(api.POST('/dashboard/api/roaming/tickets')).then((r) => r.data),
  /** Signs in here with a ticket the hub gave a desk that has just moved here. */
  redeemRoamingTicket: (ticket: string) =>
    answer(api.POST('/dashboard/api/roaming/redeem', { body: { ticket } })).then((r) => r.data),
};

const staffMember = (id: string) => ({ params: { path: { id } } });

export const staffApi = {
  list: (signal?: AbortSignal) => answer(api.GET('/dashboard/api/staff', { signal })).then((r) => r.data),
  create: (input: StaffInput) =>
    answer(api.POST('/dashboard/api/staff', { body: input })).then((r) => r.data),
  update: (id: string, changes: StaffChanges) =>
    answer(api.PATCH('/dashboard/api/staff/{id}', { ...staffMember(id), body: changes })).then((r) => r.data),
  remove: (id: string) => answer(api.DELETE('/dashboard/api/staff/{id}', staffMember(id))),
};
