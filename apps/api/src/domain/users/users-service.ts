import { emailKey, USERS_ERRORS, type PortalEnvironment } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { DomainError } from '../errors';
import { randomPin } from '../people';
import { getSubscriptionStatus } from '../subscription';
import {
  adminOf,
  insertPerson,
  peopleByEmails,
  peopleByPins,
  setPin,
  uniqueViolation,
  type PersonRow,
} from './users-repository';
import { auditView } from './users-view';
import { recordActivity, type ActivityEntryInput } from '../activity';

export interface UsersActor {
  accountId: string;
  personId: string;
  environment: PortalEnvironment;
}

export type PinSource = () => string;
const PIN_ATTEMPTS = 20;

/** Every write first checks the subscription: nothing changes while it is inactive (USR-60). */
export async function assertCanChangeUsers(database: Transactional, accountId: string) {
  const status = await getSubscriptionStatus(database, accountId);
  if (!status.isActive) throw new DomainError('forbidden', USERS_ERRORS.subscriptionInactive);
  return status;
}

/** Runs `work` in a savepoint: a refused or failed item leaves nothing half-written. */
export function inSavepoint<T>(tx: Transactional, work: (sp: Transactional) => Promise<T>): Promise<T> {
  return tx.transaction(work);
}

/**
 * Writes with a fresh PIN, retrying on the service-wide unique index: safe under concurrent requests,
 * because the database, not a read beforehand, decides whether a PIN is free.
 */
export async function withUniquePin<T>(
  tx: Transactional,
  nextPin: PinSource,
  write: (sp: Transactional, pin: string) => Promise<T>,
) {
  for (let attempt = 0; attempt < PIN_ATTEMPTS; attempt++) {
    const pin = nextPin();
    try {
      return { pin, result: await inSavepoint(tx, (sp) => write(sp, pin)) };
    } catch (error) {
      const hit = uniqueViolation(error);
      if (hit === 'pin') continue;
      if (hit === 'email') throw new DomainError('conflict', USERS_ERRORS.emailExists);
      throw error;
    }
  }
  throw new Error('no free PIN found');
}

export const clean = (u: { full_name: string; email: string; hold_music: string }) => ({
  full_name: u.full_name.trim(),
  email: u.email.trim(),
  hold_music: u.hold_music.trim(),
});

/** New unique PINs for the listed sub-account users (API-52); all must belong to the account. */
export async function changePins(
  database: Transactional,
  actor: UsersActor,
  pins: string[],
  nextPin: PinSource = randomPin,
): Promise<void> {
  await assertCanChangeUsers(database, actor.accountId);
  const unique = [...new Set(pins)];
  const people = (await peopleByPins(database, actor.accountId, unique)).filter((p) => !p.is_admin);
  if (people.length !== unique.length) throw new DomainError('not-found', USERS_ERRORS.userNotFound);
  await reissuePins(database, actor, people, 'user.pin_changed', nextPin);
}

/** A new unique PIN for the admin (API-53); the current PIN names whose PIN changes. */
export async function changeAdminPin(
  database: Transactional,
  actor: UsersActor,
  currentPin: string,
  nextPin: PinSource = randomPin,
): Promise<void> {
  await assertCanChangeUsers(database, actor.accountId);
  const admin = await adminOf(database, actor.accountId);
  if (admin.pin !== currentPin) throw new DomainError('not-found', USERS_ERRORS.userNotFound);
  await reissuePins(database, actor, [admin], 'admin.pin_changed', nextPin);
}

async function reissuePins(
  database: Transactional,
  actor: UsersActor,
  people: PersonRow[],
  action: string,
  nextPin: PinSource,
) {
  await database.transaction(async (tx) => {
    const audit: ActivityEntryInput[] = [];
    for (const person of people) {
      const { pin } = await withUniquePin(tx, nextPin, (sp, pin) =>
        setPin(sp, actor.accountId, person.id, pin),
      );
      audit.push({
        action,
        target_person_id: person.id,
        before: auditView(person),
        after: auditView({ ...person, pin }),
      });
    }
    await recordActivity(tx, actor.accountId, actor.personId, audit);
  });
}

/** The people (admin included) who get their PIN by email; every address must be on the account. */
export async function pinEmailRecipients(database: Transactional, actor: UsersActor, emails: string[]) {
  await assertCanChangeUsers(database, actor.accountId);
  const unique = [...new Set(emails.map(emailKey))];
  const people = await peopleByEmails(database, actor.accountId, unique);
  if (people.length !== unique.length) throw new DomainError('not-found', USERS_ERRORS.userNotFound);
  return people;
}

export async function auditPinEmails(database: Transactional, actor: UsersActor, people: PersonRow[]) {
  await database.transaction((tx) =>
    recordActivity(
      tx,
      actor.accountId,
      actor.personId,
      people.map((p) => ({
        action: 'user.pin_emailed',
        target_person_id: p.id,
        before: null,
        after: { email: p.email, pin_number: auditView(p).pin_number },
      })),
    ),
  );
}

/** Inserts one user with a fresh unique PIN and returns its audit entry (the save and the CSV share it). */
export async function addPerson(
  tx: Transactional,
  actor: UsersActor,
  user: { full_name: string; email: string; hold_music: string },
  nextPin: PinSource,
): Promise<ActivityEntryInput> {
  const next = clean(user);
  const { pin, result: id } = await withUniquePin(tx, nextPin, (sp, pin) =>
    insertPerson(sp, actor.accountId, next, pin),
  );
  return { action: 'user.added', target_person_id: id, before: null, after: auditView({ ...next, pin }) };
}

/** Adds users (a validated CSV): all or nothing, each with a fresh unique PIN. */
export async function addUsers(
  database: Transactional,
  actor: UsersActor,
  users: { full_name: string; email: string; hold_music: string }[],
  nextPin: PinSource = randomPin,
): Promise<void> {
  await database.transaction(async (tx) => {
    const audit: ActivityEntryInput[] = [];
    for (const user of users) audit.push(await addPerson(tx, actor, user, nextPin));
    await recordActivity(tx, actor.accountId, actor.personId, audit);
  });
}
