import { answer, api } from '../../shared/api/client.ts';
import type { Answer, Schema } from '../../shared/api/types.ts';

/** The hub's Kiosks & sync page (server/sync/sync.routes.ts), owners only. */

export type SyncOverview = Answer<'/dashboard/api/sync', 'get'>['data'];
export type SyncDevice = Schema<'SyncDevice'>;
export type SyncConflict = Schema<'SyncConflict'>;
/** The online server this hub follows, and how ready the venue is. */
export type UpstreamStatus = Answer<'/dashboard/api/sync/upstream', 'get'>['data'];
/** An event of the online server that a `sync` token may follow. */
export type UpstreamEvent = Answer<'/dashboard/api/sync/upstream/events', 'post'>['data'][number];

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

  upstream: (signal?: AbortSignal) =>
    answer(api.GET('/dashboard/api/sync/upstream', { signal })).then((r) => r.data),

  upstreamEvents: (url: string, token: string) =>
    answer(api.POST('/dashboard/api/sync/upstream/events', { body: { url, token } })).then((r) => r.data),

  followUpstream: (url: string, token: string, eventIds: string[]) =>
    answer(api.POST('/dashboard/api/sync/upstream', { body: { url, token, event_ids: eventIds } })),
};
