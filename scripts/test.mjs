#!/usr/bin/env node
// `npm test`: typecheck, lint, unit and API tests (PGlite, plus PostgreSQL when TEST_DATABASE_URL is
// set), then the browser journeys in Debian's Chromium against the built portal.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  [
    'unit and API tests',
    'npx',
    ['vitest', 'run', '--project', 'contract', '--project', 'api', '--project', 'web'],
  ],
  ['build the page', 'npm', ['run', 'build']],
  ['chromium', 'bash', ['scripts/ensure-chromium.sh']],
  ['browser journeys', 'npx', ['vitest', 'run', '--project', 'e2e']],
];

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: API tests run on embedded PGlite only.');
}
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  console.log(
    `=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (status !== 0) process.exit(status ?? 1);
}
