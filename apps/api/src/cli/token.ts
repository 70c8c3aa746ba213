import { composeBilling } from '../composition';
import { loadConfig } from '../config';
import { askRunningServer } from '../control/ask-server';
import { openDatabase } from '../db/client';
import { DEMO_ADMIN } from '../db/seed/demo-account';
import { issueApiTokenForEmail } from '../domain/auth/api-tokens';
import { prepareDatabase } from '../startup/prepare-database';

type Issued = { token: string; expiresAt: Date | string };

/** A server running on the embedded database issues the token (it holds the database); null when none. */
async function throughServer(dataDir: string, email: string): Promise<Issued | null> {
  const asked = await askRunningServer(dataDir, '/token', { method: 'POST', body: { email } });
  if (!asked) return null;
  if (asked.response.status !== 200) throw new Error(await asked.response.text());
  return (await asked.response.json()) as Issued;
}

/** No server holds the database: this process opens it (and makes the demo on a new one). */
async function directly(config: ReturnType<typeof loadConfig>, email: string): Promise<Issued | null> {
  const database = await openDatabase(config.database);
  try {
    await prepareDatabase(database, {
      seedDemo: config.seedDemo,
      billing: composeBilling(config, () => database),
    });
    return await issueApiTokenForEmail(database, email);
  } finally {
    await database.close();
  }
}

/**
 * `npm run token -- [email]`: an API token for a person (last line), while the server runs or not. It
 * stands for a full sign-in, second factor included (a staff member's token reaches the console).
 */
async function main() {
  const email = process.argv[2] ?? DEMO_ADMIN.email;
  const config = loadConfig();
  const issued =
    (config.database.kind === 'pglite' ? await throughServer(config.database.dataDir, email) : null) ??
    (await directly(config, email));
  if (!issued) throw new Error(`No person with the email ${email}.`);
  console.error(
    `API token for ${email} (as a full sign-in, two-factor included), valid until ${new Date(issued.expiresAt).toISOString()}:`,
  );
  console.log(issued.token);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
