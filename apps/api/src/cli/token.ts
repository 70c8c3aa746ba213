import { composeBilling } from '../composition';
import { emailKey } from '@enq/contract';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DEMO_ADMIN } from '../db/seed/demo-account';
import { issueApiToken } from '../domain/auth/token-repository';
import { prepareDatabase } from '../startup/prepare-database';

/** `npm run token -- [email]`: an API token for a person straight from the database (last line). */
async function main() {
  const email = process.argv[2] ?? DEMO_ADMIN.email;
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await prepareDatabase(database, {
      seedDemo: config.seedDemo,
      billing: composeBilling(config, () => database),
    });
    const [person] = await database.query<{ id: string }>(
      'select id from people where lower(email) = $1 order by is_admin desc, is_staff desc limit 1',
      [emailKey(email)],
    );
    if (!person) throw new Error(`No person with the email ${email}.`);
    const { token, expiresAt } = await issueApiToken(database, person.id);
    console.error(`API token for ${email}, valid until ${expiresAt.toISOString()}:`);
    console.log(token);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
