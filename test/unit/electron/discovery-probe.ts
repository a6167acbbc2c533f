// Run by discovery.test.ts inside a network namespace of its own (only loopback exists there, so no packet can
// leave the machine): `browse` starts a second process that announces a hub, and prints what it hears.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { browseHubs, publishHub } from '../../../electron/main/discovery.ts';

const [role, port] = process.argv.slice(2);
if (role === 'publish') {
  const stop = publishHub(`Arrivals hub ${port}`, Number(port));
  process.once('SIGTERM', () => void stop().then(() => process.exit(0)));
} else {
  const publisher = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), 'publish', '9123'],
    {
      stdio: 'inherit',
    },
  );
  // The publisher is a second Node process starting TypeScript through tsx: on a loaded machine that takes seconds,
  // so listen in rounds until it is heard (or 15 s pass) rather than for one fixed window.
  let hubs = await browseHubs(2_500);
  for (let round = 1; hubs.length === 0 && round < 6; round++) hubs = await browseHubs(2_500);
  publisher.kill('SIGTERM');
  process.stdout.write(JSON.stringify(hubs) + '\n');
}
