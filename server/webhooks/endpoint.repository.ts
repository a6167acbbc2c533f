import { randomUUID } from 'node:crypto';
import type { Db } from '../platform/database.ts';
import type { WebhookEventType } from './webhook.rules.ts';
import type { WebhookDisabledReason } from '../contract/vocabulary.ts';
import type { WebhookEndpointRecord, WebhookEndpointSettings } from './webhook.types.ts';

interface WebhookEndpointRow {
  id: number;
  uuid: string;
  organization_id: number;
  url: string;
  description: string;
  event_types: string;
  enabled: number;
  disabled_reason: WebhookDisabledReason | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: number | null;
  created_at: string;
  updated_at: string;
}

const toEndpoint = (row: WebhookEndpointRow): WebhookEndpointRecord => ({
  id: row.id,
  uuid: row.uuid,
  organizationId: row.organization_id,
  url: row.url,
  description: row.description,
  eventTypes: JSON.parse(row.event_types) as WebhookEventType[],
  enabled: row.enabled === 1,
  disabledReason: row.disabled_reason,
  secret: row.secret,
  previousSecret: row.previous_secret,
  previousSecretExpiresAt: row.previous_secret_expires_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const settingsParams = (s: WebhookEndpointSettings) => ({
  url: s.url,
  description: s.description,
  event_types: JSON.stringify(s.eventTypes),
  enabled: s.enabled ? 1 : 0,
  disabled_reason: s.disabledReason,
});

export function webhookEndpointsRepository(db: Db) {
  const byUuid = db.prepare<[string], WebhookEndpointRow>('SELECT * FROM webhook_endpoints WHERE uuid = ?');
  const byId = db.prepare<[number], WebhookEndpointRow>('SELECT * FROM webhook_endpoints WHERE id = ?');
  const forOrganization = db.prepare<[number], WebhookEndpointRow>(
    'SELECT * FROM webhook_endpoints WHERE organization_id = ? ORDER BY created_at, id',
  );
  const countForOrganization = db.prepare<[number], { total: number }>(
    'SELECT COUNT(*) AS total FROM webhook_endpoints WHERE organization_id = ?',
  );
  const subscribed = db.prepare<[number, string], { id: number }>(
    `SELECT id FROM webhook_endpoints
     WHERE organization_id = ? AND enabled = 1 AND EXISTS (SELECT 1 FROM json_each(event_types) WHERE value = ?)
     ORDER BY id`,
  );
  const insert = db.prepare<Record<string, unknown>, WebhookEndpointRow>(
    `INSERT INTO webhook_endpoints
       (uuid, organization_id, url, description, event_types, enabled, disabled_reason, secret, created_at, updated_at)
     VALUES (@uuid, @organization_id, @url, @description, @event_types, @enabled, @disabled_reason, @secret, @now, @now)
     RETURNING *`,
  );
  const update = db.prepare<Record<string, unknown>, WebhookEndpointRow>(
    `UPDATE webhook_endpoints SET url = @url, description = @description, event_types = @event_types,
       enabled = @enabled, disabled_reason = @disabled_reason, updated_at = @now
     WHERE id = @id RETURNING *`,
  );
  const rotate = db.prepare<[string, number, string, number], WebhookEndpointRow>(
    `UPDATE webhook_endpoints SET previous_secret = secret, secret = ?, previous_secret_expires_at = ?,
       updated_at = ?
     WHERE id = ? RETURNING *`,
  );
  const disable = db.prepare<[string, string, number]>(
    'UPDATE webhook_endpoints SET enabled = 0, disabled_reason = ?, updated_at = ? WHERE id = ?',
  );
  const remove = db.prepare<[number]>('DELETE FROM webhook_endpoints WHERE id = ?');

  return {
    findByUuid(uuid: string): WebhookEndpointRecord | null {
      const row = byUuid.get(uuid);
      return row ? toEndpoint(row) : null;
    },
    findById(id: number): WebhookEndpointRecord | null {
      const row = byId.get(id);
      return row ? toEndpoint(row) : null;
    },
    listForOrganization(organizationId: number): WebhookEndpointRecord[] {
      return forOrganization.all(organizationId).map(toEndpoint);
    },
    countForOrganization(organizationId: number): number {
      return countForOrganization.get(organizationId)!.total;
    },
    /** The enabled endpoints of the organization that receive `type`. */
    subscribedIds(organizationId: number, type: WebhookEventType): number[] {
      return subscribed.all(organizationId, type).map((row) => row.id);
    },
    create(
      organizationId: number,
      settings: WebhookEndpointSettings,
      secret: string,
      now: string,
    ): WebhookEndpointRecord {
      return toEndpoint(
        insert.get({
          uuid: randomUUID(),
          organization_id: organizationId,
          secret,
          now,
          ...settingsParams(settings),
        })!,
      );
    },
    update(id: number, settings: WebhookEndpointSettings, now: string): WebhookEndpointRecord {
      return toEndpoint(update.get({ id, now, ...settingsParams(settings) })!);
    },
    /** The new secret signs from now on; the old one also signs until `previousExpiresAt` (Unix ms). */
    rotateSecret(id: number, secret: string, previousExpiresAt: number, now: string): WebhookEndpointRecord {
      return toEndpoint(rotate.get(secret, previousExpiresAt, now, id)!);
    },
    disable(id: number, reason: WebhookDisabledReason, now: string): void {
      disable.run(reason, now, id);
    },
    /** Deliveries and their attempts go with it. */
    remove(id: number): boolean {
      return remove.run(id).changes === 1;
    },
  };
}
