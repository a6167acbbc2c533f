import type { VenueStatus } from './sync.types.ts';
import type { VenueService } from './venue.service.ts';
import { describeVenueRefusal } from './venue-refusals.http.ts';
import { buildApp } from '../app.ts';
import { FLAG, list, required, UsageError, type CliCommand, type Flags, type Io } from '../cli/command.ts';

export const upstreamCommands: readonly CliCommand[] = [
  {
    name: 'upstream connect',
    help: [
      {
        synopsis: ['--url URL --token TOKEN --events UUID,UUID'],
        summary: [
          "on a venue's hub: follow those events of an online Arrivals server",
          '(a token with the sync scope) and download them',
        ],
      },
    ],
    flags: { url: FLAG.value, token: FLAG.value, events: FLAG.value },
    run: ({ dataDir, flags, io }) => upstreamConnect(dataDir, flags, io),
  },
  {
    name: 'upstream status',
    help: [{ synopsis: [], summary: ["on a venue's hub: what it follows, attendees here, changes waiting"] }],
    flags: {},
    run: ({ dataDir, io }) => upstreamStatus(dataDir, io),
  },
];

/** The hub's app over the data dir, for one venue operation; nothing listens, and it is closed afterwards. */
async function withVenue<T>(dataDir: string, work: (venue: VenueService) => Promise<T>): Promise<T> {
  const app = await buildApp({ dataDir, kioskDir: false });
  try {
    if (!app.ctx.venue)
      throw new UsageError(`${dataDir} is a replica kiosk: follow an online server from its hub.`);
    return await work(app.ctx.venue);
  } finally {
    await app.close();
  }
}

/** On a venue's hub: follows events of an online server and downloads them, showing the progress. */
async function upstreamConnect(dataDir: string, flags: Flags, io: Io): Promise<number> {
  const url = required(flags, 'url');
  const token = required(flags, 'token');
  const eventIds = list(flags.events);
  if (eventIds.length === 0) throw new UsageError('--events is required: the UUIDs of the events to follow.');
  return withVenue(dataDir, async (venue) => {
    const outcome = await venue.connect({ url, token, eventIds });
    if (!outcome.ok) throw new UsageError(describeVenueRefusal(outcome));
    io.err(`Following ${url}: downloading ${eventIds.length} event(s)...`);
    let shown = -1;
    const progress = setInterval(() => {
      const percent = downloadedPercent(venue.status());
      if (percent !== null && percent >= shown + 10) {
        shown = percent;
        io.err(`  ${percent}%`);
      }
    }, 250);
    try {
      await venue.whenDownloaded();
      // A download cut off half way goes on from where it stopped, a few times, before leaving it to `serve`.
      for (let attempt = 0; attempt < 3 && !downloadComplete(venue.status()); attempt++) {
        await venue.syncNow().catch(() => {});
      }
    } finally {
      clearInterval(progress);
    }
    const status = venue.status();
    if (!downloadComplete(status)) {
      io.err('The download stopped half way; the hub goes on with it once it runs (arrivals serve).');
    }
    io.out(
      `${status.attendeesHere} attendees here, from ${status.eventIds.length} event(s) of ${status.url}.`,
    );
    io.out(`Run: arrivals serve --data ${dataDir}`);
    return 0;
  });
}

const downloadComplete = (status: VenueStatus) =>
  status.latestRevision !== null && status.pulledRevision >= status.latestRevision;

/** How much of a download is done, in whole percent; null before the online server first answered. */
function downloadedPercent(status: VenueStatus): number | null {
  if (status.latestRevision === null) return null;
  if (status.latestRevision === 0) return 100;
  return Math.floor((100 * Math.min(status.pulledRevision, status.latestRevision)) / status.latestRevision);
}

/** On a venue's hub: what it follows and how ready it is, read from the data dir without going online. */
async function upstreamStatus(dataDir: string, io: Io): Promise<number> {
  return withVenue(dataDir, async (venue) => {
    const status = venue.status();
    if (!status.connected) {
      io.out(
        'This hub follows no online server. Connect one: arrivals upstream connect --url URL --token TOKEN --events UUID',
      );
      return 0;
    }
    io.out(`Following ${status.url}`);
    io.out(`Events: ${status.eventIds.join(', ')}`);
    io.out(`Attendees here: ${status.attendeesHere}`);
    io.out(`Changes waiting to go up: ${status.waitingUp}`);
    io.out(`Feed read up to revision ${status.pulledRevision}`);
    return 0;
  });
}
