import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SyncRepository } from './sync.repository.ts';

/** The file beside the database where a hub marks how far its history has gone. */
export const REVISION_MARK_FILE = 'arrivals.revision';

/** How often the mark follows the revision while the server runs. */
const MARK_EVERY_MS = 5_000;

interface Mark {
  epoch: string;
  revision: number;
}

/**
 * A hub notices for itself that its database was restored from a backup (docs/sync.md, "A hub restored from a
 * backup"): it keeps, in a small file beside the database, the epoch and the revision its history had reached. A
 * database restored from a backup comes back behind that mark (its history lost what came after), and takes a new
 * epoch: every replica starts over from a snapshot, as it must, since revisions after the backup's will be handed
 * out again for other changes. Nobody else can make a hub do that: a device that claims more than the hub holds
 * only gets its own ops asked again (hub.service.ts).
 *
 * The mark follows the revision every few seconds and when the server closes, so a backup taken in the last few
 * seconds before a crash may go unnoticed here; a replica that has read further than the hub holds is then
 * started over on its own (`readFeed`).
 */
export function restoreWatch(dataDir: string, sync: SyncRepository) {
  const file = path.join(dataDir, REVISION_MARK_FILE);
  let timer: NodeJS.Timeout | null = null;
  let written: Mark | null = null;

  function read(): Mark | null {
    try {
      const mark = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Mark>;
      return typeof mark.epoch === 'string' && typeof mark.revision === 'number'
        ? { epoch: mark.epoch, revision: mark.revision }
        : null;
    } catch {
      return null;
    }
  }

  /** Writes the mark where it stands now (replaced whole: a crash leaves the old one or the new one). */
  function write(): void {
    const { epoch, revision } = sync.meta();
    if (written && written.epoch === epoch && written.revision === revision) return;
    const next = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(next, JSON.stringify({ epoch, revision }), { mode: 0o600 });
    fs.renameSync(next, file);
    written = { epoch, revision };
  }

  return {
    /**
     * At start, before anything is served: a database behind its own mark was restored, and takes a new epoch.
     * True when it did.
     */
    checkAtStart(): boolean {
      const mark = read();
      const { epoch, revision } = sync.meta();
      const restored = mark !== null && mark.epoch === epoch && revision < mark.revision;
      if (restored) sync.setEpoch(randomBytes(16).toString('hex'));
      write();
      return restored;
    },
    start(): void {
      timer ??= setInterval(write, MARK_EVERY_MS);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
      write();
    },
  };
}
