import { answer, api } from '../../shared/api/client.ts';
import type { Answer, Schema } from '../../shared/api/types.ts';

/** The hub's Kiosks & sync page (server/sync/sync.routes.ts), owners only. */

export type SyncOverview = Answer<'/dashboard/api/sync', 'get'>['data'];
export type SyncDevice = Schema<'SyncDevice'>;
export type SyncConflict = Schema<'SyncConflict'>;

export const syncApi = {
  overview: (acknowledged: boolean, signal?: AbortSignal) =>
    answer(
      api.GET('/dashboard/api/sync', {
        params: { query: { acknowledged: acknowledged ? 'true' : 'false' } },
        signal,
      }),
    ).then((r) => r.data),

  pairingCode: (eventIds: string[]) =>
    answer(api.POST('/dashboard/api/sync/pairing-codes', { body: { event_ids: eventIds } })).then(
      (r) => r.data,
    ),

  revoke: (id: string) =>
    answer(api.POST('/dashboard/api/sync/devices/{id}/revoke', { params: { path: { id } } })),

  acknowledge: (id: string) =>
    answer(api.POST('/dashboard/api/sync/conflicts/{id}/acknowledge', { params: { path: { id } } })),
};
