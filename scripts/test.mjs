#!/usr/bin/env node
// `npm test`: typecheck, lint, unit and API tests (PGlite, plus PostgreSQL when TEST_DATABASE_URL is
// set), then the browser journeys in Debian's Chromium against the built portal.
import { spawn } from 'node:child_process';

/** Steps in order; the steps of one group run at once (each prints its output when it ends). */
const groups = [
  [
    ['typecheck', 'npm', ['run', 'typecheck']],
    ['lint', 'npm', ['run', 'lint']],
  ],
  [
    [
      'unit and API tests',
      'npx',
      ['vitest', 'run', '--project', 'contract', '--project', 'api', '--project', 'web'],
    ],
  ],
  [['build the page', 'npm', ['run', 'build']]],
  [['chromium', 'bash', ['scripts/ensure-chromium.sh']]],
  [['browser journeys', 'npx', ['vitest', 'run', '--project', 'e2e']]],
];

function run([name, command, args], alone) {
  const started = Date.now();
  let output = '';
  const child = spawn(command, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  if (!alone) {
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
  }
  return new Promise((resolve) =>
    child.on('close', (status) => {
      if (!alone) process.stdout.write(`\n=== ${name}\n${output}`);
      console.log(
        `=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      resolve(status ?? 1);
    }),
  );
}

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: API tests run on embedded PGlite only.');
}
for (const group of groups) {
  // Typecheck and lint each keep one core busy about as long: together they take the time of one.
  if (group.length === 1) console.log(`\n=== ${group[0][0]}`);
  const statuses = await Promise.all(group.map((step) => run(step, group.length === 1)));
  const failed = statuses.find((status) => status !== 0);
  if (failed !== undefined) process.exit(failed);
}
