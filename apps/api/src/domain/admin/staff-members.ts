import {
  emailKey,
  STAFF_MEMBER_ERRORS,
  STAFF_ROLE_LABELS,
  type addStaffSchema,
  type StaffMember,
  type StaffRole,
} from '@enq/contract';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Transactional } from '../../db/handle';
import { hashPassword, createPasswordReset, revokePersonApiTokens } from '../auth';
import { DomainError } from '../errors';
import type { Mailer } from '../ports/mailer';
import {
  deleteStaffMember,
  insertStaffMember,
  listStaffMembers,
  lockStaffMembers,
  setStaffRole,
  signInEmailTaken,
  type StaffMemberRow,
} from './staff-members-repository';
import { runStaffAction, type StaffActor } from '../staff-actions';

type AddStaff = z.output<typeof addStaffSchema>;

const toMember = (r: StaffMemberRow & { two_factor_enabled_at: Date | null }): StaffMember => ({
  ...r,
  created_at: new Date(r.created_at).toISOString(),
  two_factor_enabled_at: r.two_factor_enabled_at ? new Date(r.two_factor_enabled_at).toISOString() : null,
});

export async function staffMembers(q: Transactional): Promise<StaffMember[]> {
  return (await listStaffMembers(q)).map(toMember);
}

/** What adding a staff member needs from outside the domain. */
export interface StaffInvite {
  mailer: Mailer;
  /** The set-password page for a reset token. */
  resetLink: (token: string) => string;
  now: Date;
}

function staffWelcomeEmail(to: { email: string; fullName: string }, role: StaffRole, link: string) {
  return {
    accountId: null,
    kind: 'staff-invite',
    to: to.email,
    subject: 'You have been added to the enQ operator console',
    text: [
      `Hello ${to.fullName.trim().split(/\s+/)[0] || 'there'},`,
      '',
      `You have been added to the enQ operator console with the ${STAFF_ROLE_LABELS[role]} role.`,
      'Choose your password here, then sign in to the console:',
      '',
      link,
      '',
      'The link works once. If it has expired, use "Forgot your password?" on the sign-in page.',
    ].join('\n'),
  };
}

/**
 * STAFF-01: adds a staff member with a role. The email (compared by its canonical key) must not sign in
 * to enQ already; they get a set-password link by email in the same transaction.
 */
export async function addStaffMember(
  db: Transactional,
  actor: StaffActor,
  input: AddStaff,
  idempotencyKey: string,
  invite: StaffInvite,
) {
  const { reason, ...request } = input;
  // Hashed before the transaction: the hash is slow on purpose.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  return runStaffAction<{ person_id: string }>(
    db,
    actor,
    { action: 'staff.add', accountId: null, reason, idempotencyKey, request },
    async (tx) => {
      await lockStaffMembers(tx);
      if (await signInEmailTaken(tx, emailKey(input.email)))
        throw new DomainError('conflict', STAFF_MEMBER_ERRORS.emailTaken, 'email');
      const personId = await insertStaffMember(tx, {
        fullName: input.full_name,
        email: input.email,
        role: input.role,
        passwordHash,
      });
      const { token } = await createPasswordReset(tx, personId, invite.now);
      await invite.mailer.send(
        staffWelcomeEmail(
          { email: input.email, fullName: input.full_name },
          input.role,
          invite.resetLink(token),
        ),
        tx,
      );
      return {
        message: `${input.full_name} was added as ${STAFF_ROLE_LABELS[input.role]}; a set-password email is on its way.`,
        result: { person_id: personId },
      };
    },
  );
}

/** The locked staff member, refused when it is the actor themself or when no admin would remain. */
async function guardChange(
  tx: Transactional,
  actor: StaffActor,
  personId: string,
  newRole: StaffRole | null,
) {
  const all = await lockStaffMembers(tx);
  const target = all.find((m) => m.person_id === personId);
  if (!target) throw new DomainError('not-found', STAFF_MEMBER_ERRORS.notFound);
  if (personId === actor.personId) throw new DomainError('conflict', STAFF_MEMBER_ERRORS.self);
  const adminsLeft = all.filter((m) => (m.person_id === personId ? newRole : m.role) === 'admin').length;
  if (adminsLeft === 0) throw new DomainError('conflict', STAFF_MEMBER_ERRORS.lastAdmin);
  return target;
}

/** STAFF-02: a new role, in force on the staff member's next request (the caller forgets their sessions). */
export async function changeStaffRole(
  db: Transactional,
  actor: StaffActor,
  personId: string,
  role: StaffRole,
  reason: string,
  idempotencyKey: string,
) {
  return runStaffAction(
    db,
    actor,
    { action: 'staff.role', accountId: null, reason, idempotencyKey, request: { person_id: personId, role } },
    async (tx) => {
      const target = await guardChange(tx, actor, personId, role);
      if (target.role === role) throw new DomainError('conflict', STAFF_MEMBER_ERRORS.sameRole, 'role');
      await setStaffRole(tx, personId, role);
      return {
        message: `${target.full_name} is now ${STAFF_ROLE_LABELS[role]}.`,
        before: { role: target.role },
        after: { role },
      };
    },
  );
}

/**
 * STAFF-03: removes console access. Returns, with the answer, the people whose cached sessions must be
 * forgotten: the staff member, and the customers whose view-as tokens were issued to them.
 */
export async function removeStaffMember(
  db: Transactional,
  actor: StaffActor,
  personId: string,
  reason: string,
  idempotencyKey: string,
  now: Date,
) {
  let forget: string[] = [];
  const answer = await runStaffAction(
    db,
    actor,
    { action: 'staff.remove', accountId: null, reason, idempotencyKey, request: { person_id: personId } },
    async (tx) => {
      const target = await guardChange(tx, actor, personId, null);
      await revokePersonApiTokens(tx, personId, now);
      forget = [personId, ...(await deleteStaffMember(tx, personId, now))];
      return { message: `${target.full_name} no longer has console access.`, before: { role: target.role } };
    },
  );
  return { answer, forget };
}
