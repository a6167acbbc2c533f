import { seedDemo } from './demo.service.ts';
import { withStore, type CliCommand, type Io } from '../cli/command.ts';

export const demoCommands: readonly CliCommand[] = [
  {
    name: 'demo',
    help: [{ synopsis: [], summary: ['create a demo organization, event and profiles'] }],
    flags: {},
    run: ({ dataDir, io }) => demo(dataDir, io),
  },
];

function demo(dataDir: string, io: Io): number {
  const content = withStore(dataDir, seedDemo);
  io.out(
    content.created
      ? `Created demo organization ${content.organization.name} (${content.organization.slug}).`
      : `The demo organization ${content.organization.name} (${content.organization.slug}) already exists.`,
  );
  for (const event of content.events) {
    io.out(`Event: ${event.name}`);
    io.out(`  id:      ${event.uuid}`);
    io.out(`  details: /public/events/${event.uuid}`);
  }
  io.out('Profiles:');
  for (const user of content.users) {
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
    io.out(
      `  ${name.padEnd(16)} ${user.profileCode}  ${user.profilePublic ? 'public ' : 'private'}  /p/${user.profileCode}`,
    );
  }
  io.out(`Data directory: ${dataDir}`);
  return 0;
}
