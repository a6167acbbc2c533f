import { SCHEMA_VERSION } from '../platform/database.ts';
import type { Store } from '../store.ts';
import { ledgerService } from '../attendees/ledger.service.ts';
import { silentNotifier } from '../webhooks/notifier.ts';
import { applyService } from './apply.service.ts';
import { feedRepository } from './feed.repository.ts';
import { syncHubService } from './hub.service.ts';
import { syncRepository } from './sync.repository.ts';
import type { UpstreamRecord } from './sync.types.ts';

/**
 * Pairing from outside a running server (`arrivals device code` on a hub; `arrivals device pair` and the desktop
 * app's staff screen on a kiosk, through pairing.ts), over a data dir that may be served meanwhile: the same
 * operations as the server's, through the store.
 */
export function deviceService(store: Store) {
  const sync = syncRepository(store.db);
  const hub = syncHubService(
    store,
    sync,
    feedRepository(store.db),
    applyService(store, sync, ledgerService(store, store.repos.ledger, silentNotifier)),
    silentNotifier,
    SCHEMA_VERSION,
  );

  return {
    createPairingCode: hub.createPairingCode,
    /** The hub this data dir follows, if it is paired. */
    pairedHub: (): UpstreamRecord | null => sync.upstream(),
    /** Changes made here that the hub has not acked yet. */
    waitingChanges: (): number => sync.pendingCount(),
    rememberPairing: (
      record: Omit<UpstreamRecord, 'upstreamEpoch' | 'pulledRev' | 'ackedSeq' | 'snapshotCleanup'>,
    ) =>
      store.inTransaction(() => {
        if (sync.upstream()) throw new Error('this data dir is paired already');
        sync.pairWith(record);
      }),
  };
}
