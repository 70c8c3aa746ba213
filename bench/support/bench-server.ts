// The real server plus one bare route for comparison: a primary-key query straight through the driver,
// no auth, no validation. Mounted only here, never in the product.
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';

const config = loadConfig();
const app = await buildApp({ config, logger: false });
const [person] = await app.database.query<{ id: string }>('select id from people where is_admin limit 1');
app.get('/bench/bare', { schema: { hide: true } }, async () => {
  const [row] = await app.database.query('select id, email, full_name from people where id = $1', [
    person!.id,
  ]);
  return row;
});
// Answers once the work requests started after their answers (the sandbox's events to the webhook) is
// done: a condition the bench waits for between its phases, so one phase's work never lands in the next.
app.get('/bench/idle', { schema: { hide: true } }, async () => {
  await app.afterAnswer.idle();
  return { idle: true };
});
await app.listen({ port: config.port, host: config.host });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
