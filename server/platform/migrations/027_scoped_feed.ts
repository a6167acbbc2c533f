/**
 * What a venue's or a kiosk's feed may reach on this database, and what a device learns of others (issue 32, rows 6
 * and 10; docs/sync.md, "Threat model").
 *
 * Tombstones name their organization, so a device hears only of its own organization's deleted rows (a staff
 * account's UUID is nothing another organization's kiosk should learn). Tombstones from before this migration have
 * no organization and go to no device: a device behind at that moment keeps a deleted account until its next
 * snapshot, which is safer than telling every organization's devices of every deletion.
 *
 * A venue's hub records the organization whose owner connected it to the online server: only that organization's
 * accounts may become the online server's accounts of the same email (sync/feed.repository.ts `upsertStaff`); an
 * account of any other organization on the hub is never moved or changed by what the online server sends.
 */
export const sql = /* sql */ `
ALTER TABLE sync_tombstones ADD COLUMN organization_id INTEGER;
DROP TRIGGER staff_rev_delete;
CREATE TRIGGER staff_rev_delete AFTER DELETE ON staff_accounts BEGIN
  UPDATE sync_meta SET revision = revision + 1;
  INSERT INTO sync_tombstones (kind, uuid, rev, organization_id)
  VALUES ('staff', OLD.uuid, (SELECT revision FROM sync_meta), OLD.organization_id)
  ON CONFLICT (kind, uuid) DO UPDATE SET rev = excluded.rev, organization_id = excluded.organization_id;
END;

ALTER TABLE sync_upstream ADD COLUMN adopting_organization_id INTEGER REFERENCES organizations(id) ON DELETE SET NULL;
`;
