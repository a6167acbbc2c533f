import type { Db } from '../platform/database.ts';
import type { VenueServer } from './failover.types.ts';

/** The failover tables (migration 024): kiosks' origins on a hub; the venue's list and used tickets on a replica. */
export function failoverRepository(db: Db) {
  const upsertOrigins = db.prepare<[string, string, string]>(
    `INSERT INTO failover_server_origins (device_uuid, origins, reported_at) VALUES (?, ?, ?)
     ON CONFLICT (device_uuid) DO UPDATE SET origins = excluded.origins, reported_at = excluded.reported_at`,
  );
  const allOrigins = db.prepare<[], { device_uuid: string; origins: string }>(
    'SELECT device_uuid, origins FROM failover_server_origins',
  );
  const venue = db.prepare<[], { servers: string; roaming_key: string | null; fetched_at: string }>(
    'SELECT servers, roaming_key, fetched_at FROM failover_venue WHERE id = 1',
  );
  const saveVenue = db.prepare<[string, string | null, string]>(
    `INSERT INTO failover_venue (id, servers, roaming_key, fetched_at) VALUES (1, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET servers = excluded.servers, roaming_key = excluded.roaming_key,
       fetched_at = excluded.fetched_at`,
  );
  const roamingKey = db.prepare<[], { private_key: string; public_key: string }>(
    'SELECT private_key, public_key FROM failover_roaming_key WHERE id = 1',
  );
  // Two starts racing to make the first key: the first one's stays, the other reads it back.
  const insertRoamingKey = db.prepare<[string, string, string]>(
    `INSERT INTO failover_roaming_key (id, private_key, public_key, created_at) VALUES (1, ?, ?, ?)
     ON CONFLICT (id) DO NOTHING`,
  );
  const redeem = db.prepare<[string, string]>(
    'INSERT INTO failover_redeemed_tickets (ticket_id, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING',
  );
  const forgetExpired = db.prepare<[string]>('DELETE FROM failover_redeemed_tickets WHERE expires_at <= ?');
  // A hub names its devices (sync_devices); a replica knows its siblings and itself from the hub's last list.
  const deviceName = db.prepare<[string, string], string>(
    `SELECT coalesce(
       (SELECT name FROM sync_devices WHERE uuid = ?),
       (SELECT json_extract(server.value, '$.name') FROM failover_venue, json_each(failover_venue.servers) AS server
        WHERE json_extract(server.value, '$.device_id') = ?))`,
  );

  return {
    /** A hub's note of where a paired kiosk serves. */
    recordOrigins(deviceUuid: string, origins: readonly string[], at: string): void {
      upsertOrigins.run(deviceUuid, JSON.stringify(origins), at);
    },
    /** Every paired kiosk's reported origins, by device UUID. */
    originsByDevice(): Map<string, string[]> {
      return new Map(allOrigins.all().map((row) => [row.device_uuid, JSON.parse(row.origins) as string[]]));
    },
    /** On a replica: the venue as its hub last listed it, or null before the first list. */
    venue(): { servers: VenueServer[]; roamingKey: string | null; fetchedAt: string } | null {
      const row = venue.get();
      if (!row) return null;
      return {
        servers: JSON.parse(row.servers) as VenueServer[],
        roamingKey: row.roaming_key,
        fetchedAt: row.fetched_at,
      };
    },
    /** The name the hub gave a paired device (a kiosk), as this server knows it; null when it knows none. */
    deviceName(deviceUuid: string): string | null {
      return deviceName.pluck().get(deviceUuid, deviceUuid) ?? null;
    },
    saveVenue(servers: readonly VenueServer[], roamingKey: string | null, at: string): void {
      saveVenue.run(JSON.stringify(servers), roamingKey, at);
    },
    roamingKey(): { privateKey: string; publicKey: string } | null {
      const row = roamingKey.get();
      return row ? { privateKey: row.private_key, publicKey: row.public_key } : null;
    },
    /** Stores a new key unless one exists; either way, answers the one that stands. */
    keepRoamingKey(
      privateKey: string,
      publicKey: string,
      at: string,
    ): { privateKey: string; publicKey: string } {
      insertRoamingKey.run(privateKey, publicKey, at);
      return this.roamingKey()!;
    },
    /** True the first time a ticket is used here; false if it was before (and has not expired since). */
    redeemTicket(ticketId: string, expiresAt: string, now: string): boolean {
      forgetExpired.run(now);
      return redeem.run(ticketId, expiresAt).changes === 1;
    },
  };
}

export type FailoverRepository = ReturnType<typeof failoverRepository>;
