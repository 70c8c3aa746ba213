/*
 * One email, one key. Every place that asks "is this the same email?" (sign-in and its throttle,
 * sign-up, the Users page and its invitations, the profile, lookups) compares emailKey(…) and, in
 * SQL, `lower(email) = <the key>`: the database never folds what a person typed, only what is stored.
 *
 * The key is Unicode NFKC (full-width letters, the long s `ſ` and the Kelvin sign `K` become the ASCII
 * letters they stand for), trimmed, then lower-cased. Stored emails are ASCII (isValidEmail refuses
 * anything else), and on ASCII every case folding agrees: JavaScript's, PostgreSQL's lower() under
 * C.UTF-8 or ICU, PGlite's. A typed email whose key is not ASCII (`İ`, whose folding differs between
 * JavaScript and PostgreSQL) therefore matches nobody, and is never folded into somebody by the
 * database behind the throttle's back.
 */
export function emailKey(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}
