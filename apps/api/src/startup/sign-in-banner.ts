import type { Transactional } from '../db/handle';
import { DEMO_ADMIN, DEMO_ANNUAL, DEMO_NEW_TEAM, DEMO_STAFF } from '../db/seed/demo-account';
import { DEMO_CANCELLED, DEMO_PAUSED } from '../db/seed/demo-seasons';
import { findSignInIdentityByEmail } from '../domain/auth/sign-in-identity';
import { verifyPassword } from '../domain/auth/password';

/** A demo identity's password as it signs in now: the seeded one, unless it was changed since. */
async function passwordNow(database: Transactional, demo: { email: string; password: string }) {
  const identity = await findSignInIdentityByEmail(database, demo.email);
  if (!identity) return '(no longer signs in)';
  return (await verifyPassword(demo.password, identity.passwordHash))
    ? demo.password
    : '(password changed since; "Forgot your password?" sends a link)';
}

/**
 * What `npm start` prints last on the embedded defaults: where the portal is, and the demo's sign-in
 * details as they are now (a password changed in the portal is not printed as it was seeded).
 */
export async function signInBanner(
  database: Transactional,
  urls: { portal: string; mail: string | null },
  serviceKey: string | null,
): Promise<string> {
  const [admin, staff, annual, newTeam, paused, cancelled] = await Promise.all(
    [DEMO_ADMIN, DEMO_STAFF, DEMO_ANNUAL, DEMO_NEW_TEAM, DEMO_PAUSED, DEMO_CANCELLED].map((demo) =>
      passwordNow(database, demo),
    ),
  );
  return [
    '',
    `  enQ account portal: ${urls.portal}`,
    `  Sign in as the account holder: ${DEMO_ADMIN.email} / ${admin}`,
    `  Operator console (admin):      ${urls.portal}/admin as ${DEMO_STAFF.email} / ${staff}`,
    `  Annual-plan account:           ${DEMO_ANNUAL.email} / ${annual}`,
    `  New team, no users yet:        ${DEMO_NEW_TEAM.email} / ${newTeam}`,
    `  Paused for the quiet months:   ${DEMO_PAUSED.email} / ${paused}`,
    `  Cancelled, with a reason:      ${DEMO_CANCELLED.email} / ${cancelled}`,
    ...(serviceKey ? [`  Telephony service key:         ${serviceKey}`] : []),
    ...(urls.mail ? [`  Emails sent (the outbox):      ${urls.mail}`] : []),
    `  API docs:                      ${urls.portal}/api/docs`,
    '',
  ].join('\n');
}
