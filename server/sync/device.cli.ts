import os from 'node:os';
import { deviceService } from './device.service.ts';
import { describePairingFailure, pairWithHub } from './pairing.ts';
import {
  FLAG,
  list,
  required,
  UsageError,
  withStore,
  type CliCommand,
  type Flags,
  type Io,
} from '../cli/command.ts';
import { eventService } from '../events/event.service.ts';
import { organizationBySlug } from '../organizations/organization.cli.ts';
import { organizationService } from '../organizations/organization.service.ts';
import { silentNotifier } from '../webhooks/notifier.ts';

export const deviceCommands: readonly CliCommand[] = [
  {
    name: 'device code',
    help: [
      {
        synopsis: ['[--org SLUG] [--events UUID,UUID]'],
        summary: ['on a hub: a pairing code for one kiosk (default: the published events)'],
      },
    ],
    flags: { org: FLAG.value, events: FLAG.value },
    run: ({ dataDir, flags, io }) => deviceCode(dataDir, flags, io),
  },
  {
    name: 'device pair',
    help: [
      {
        synopsis: ['--hub HOST[:PORT] --code CODE [--name NAME]'],
        summary: [
          'on a kiosk: pair this data dir with a hub and take its first snapshot;',
          "then `arrivals serve` runs it as the hub's replica",
        ],
      },
    ],
    flags: { hub: FLAG.value, code: FLAG.value, name: FLAG.value },
    run: ({ dataDir, flags, io }) => devicePair(dataDir, flags, io),
  },
];

/** On a hub: a pairing code for one kiosk, serving the given events (default: the organization's published ones). */
function deviceCode(dataDir: string, flags: Flags, io: Io): number {
  const outcome = withStore(dataDir, (store) => {
    const organizations = organizationService(store);
    const slug = flags.org as string | undefined;
    const all = organizations.listOrganizations();
    const organization = slug ? organizationBySlug(store, slug) : all.length === 1 ? all[0]! : null;
    if (!organization) {
      throw new UsageError(
        all.length === 0
          ? 'No organization yet: set up the hub first.'
          : 'Several organizations: name one with --org SLUG.',
      );
    }
    const chosen = list(flags.events);
    const eventIds =
      chosen.length > 0
        ? chosen
        : eventService(store, silentNotifier)
            .listEvents(organization.id, { publishedOnly: true })
            .map((event) => event.uuid);
    if (eventIds.length === 0)
      throw new UsageError('No published event to serve: name events with --events.');
    return deviceService(store).createPairingCode(organization.id, eventIds);
  });
  if (!outcome.ok) throw new UsageError(`No event ${outcome.eventId} in this organization.`);
  io.out(`${outcome.code.slice(0, 4)}-${outcome.code.slice(4)}`);
  io.err(`Pairing code for one kiosk, valid until ${outcome.expiresAt}.`);
  return 0;
}

/** On a kiosk: pairs the data dir with a hub, then takes the first snapshot of its events (sync/pairing.ts). */
async function devicePair(dataDir: string, flags: Flags, io: Io): Promise<number> {
  const hubAddress = required(flags, 'hub');
  const code = required(flags, 'code');
  const name = (flags.name as string | undefined)?.trim() || os.hostname();
  const outcome = await pairWithHub(dataDir, hubAddress, code, name);
  if (!outcome.ok) {
    switch (outcome.reason) {
      case 'invalid_hub_address':
        throw new UsageError(`--hub: ${outcome.detail}`);
      case 'already_paired':
        throw new UsageError(`${dataDir} is already paired with ${outcome.hubUrl}.`);
      default:
        throw new UsageError(describePairingFailure(outcome));
    }
  }
  io.out(`Paired with ${outcome.hubUrl} as "${name}", serving ${outcome.eventIds.length} event(s).`);
  if (!outcome.snapshot.taken) {
    io.err(
      `The first snapshot could not be taken yet (${outcome.snapshot.detail}); the replica takes it once the hub answers.`,
    );
  }
  io.out(`Run: arrivals serve --data ${dataDir}`);
  return 0;
}
