import {
  emailKey,
  USERS_ERRORS,
  USERS_NEW_ROW_MIN_NAME_LENGTH,
  USERS_STATUS_OK,
  userFieldErrors,
  type RequestStatus,
  type RequestStatusItem,
  type SaveUsersRequest,
  type User,
} from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { DomainError } from '../errors';
import { randomPin } from '../people';
import {
  adminOf,
  deletePerson,
  peopleByPins,
  uniqueViolation,
  updatePeople,
  updatePerson,
  type PersonRow,
} from './users-repository';
import { auditView, holdMusicCatalogue } from './users-view';
import {
  addPerson,
  assertCanChangeUsers,
  clean,
  inSavepoint,
  type PinSource,
  type UsersActor,
} from './users-service';
import { recordActivity, type ActivityEntryInput } from '../activity';

/**
 * The users save (API-48..API-51): removals, then updates (the admin's hold music among them), then
 * additions, each applied or refused on its own in a savepoint of one transaction. The same rules as
 * the page run here from the contract.
 */
export async function saveUsers(
  database: Transactional,
  actor: UsersActor,
  body: Required<Pick<SaveUsersRequest, 'added' | 'removed' | 'updated'>> & { admin_user?: User | null },
  nextPin: PinSource = randomPin,
): Promise<RequestStatus> {
  const status = await assertCanChangeUsers(database, actor.accountId);
  const catalogue = new Set((await holdMusicCatalogue(database)).map((t) => t.value));
  const admin = await adminOf(database, actor.accountId);
  const referenced = await peopleByPins(database, actor.accountId, [
    ...body.removed.map((u) => u.pin_number),
    ...body.updated.map((u) => u.pin_number),
  ]);
  const byPin = new Map(referenced.map((p) => [p.pin, p]));
  const removedIds = new Set<string>();
  // Duplicates are the unique index's to find (case-insensitive, per account): the first claim of an
  // email wins and a later one in the same request, or one held by another user, is refused.
  const ctx = {
    environment: actor.environment,
    adminEmail: admin.email,
    emailCounts: new Map<string, number>(),
  };
  const result: RequestStatus = { added: [], removed: [], updated: [] };
  const audit: ActivityEntryInput[] = [];

  const fieldProblem = (u: User | (typeof body.added)[number]) => {
    const errors = userFieldErrors(u, ctx);
    if (errors.full_name || errors.email) return (errors.full_name ?? errors.email)!;
    if (!catalogue.has(u.hold_music.trim())) return USERS_ERRORS.holdMusicUnknown;
    return null;
  };

  await database.transaction(async (tx) => {
    const attempt = async (list: RequestStatusItem[], email: string, work: () => Promise<void>) => {
      try {
        await work();
        list.push({ email, status: USERS_STATUS_OK });
      } catch (error) {
        // A refused item: its message is the status the page shows for the row.
        if (error instanceof DomainError) list.push({ email, status: error.message });
        else if (uniqueViolation(error) === 'email') list.push({ email, status: USERS_ERRORS.emailExists });
        else throw error;
      }
    };

    for (const item of body.removed) {
      const person = byPin.get(item.pin_number);
      await attempt(result.removed, person?.email ?? item.email ?? '', async () => {
        if (!person) throw new DomainError('conflict', USERS_ERRORS.userNotFound);
        if (person.is_admin) throw new DomainError('conflict', USERS_ERRORS.adminNotRemovable);
        await inSavepoint(tx, (sp) => deletePerson(sp, actor.accountId, person.id));
        removedIds.add(person.id);
        audit.push({
          action: 'user.removed',
          target_person_id: person.id,
          before: auditView(person),
          after: null,
        });
      });
    }

    // Updates: the page's rules first, in memory; then every valid change in one statement, and only
    // if that hits a unique index (an email taken meanwhile), item by item, each in its own savepoint.
    const statuses: RequestStatusItem[] = [];
    const valid: { index: number; person: PersonRow; next: ReturnType<typeof clean> }[] = [];
    body.updated.forEach((item, index) => {
      const person = byPin.get(item.pin_number);
      statuses.push({ email: item.email, status: USERS_STATUS_OK });
      let problem: string | null = null;
      if (!person || removedIds.has(person.id)) problem = USERS_ERRORS.userNotFound;
      else if (person.is_admin) problem = USERS_ERRORS.adminLocked;
      else problem = fieldProblem(item);
      if (problem) statuses[index]!.status = problem;
      else {
        const next = clean(item);
        const same =
          next.full_name === person!.full_name &&
          next.email === person!.email &&
          next.hold_music === person!.hold_music;
        if (!same) valid.push({ index, person: person!, next });
      }
    });
    const auditUpdate = (v: (typeof valid)[number]) =>
      audit.push({
        action: 'user.updated',
        target_person_id: v.person.id,
        before: auditView(v.person),
        after: auditView({ ...v.person, ...v.next }),
      });
    let batched = false;
    if (valid.length > 1) {
      try {
        await inSavepoint(tx, (sp) =>
          updatePeople(
            sp,
            actor.accountId,
            valid.map((v) => ({ id: v.person.id, ...v.next })),
          ),
        );
        batched = true;
        valid.forEach(auditUpdate);
      } catch (error) {
        if (!uniqueViolation(error)) throw error;
      }
    }
    if (!batched) {
      for (const v of valid) {
        try {
          await inSavepoint(tx, (sp) => updatePerson(sp, actor.accountId, v.person.id, v.next));
          auditUpdate(v);
        } catch (error) {
          if (uniqueViolation(error) !== 'email') throw error;
          statuses[v.index]!.status = USERS_ERRORS.emailExists;
        }
      }
    }
    result.updated.push(...statuses);

    if (body.admin_user) {
      const item = body.admin_user;
      await attempt(result.updated, item.email, async () => {
        if (item.pin_number !== admin.pin) throw new DomainError('conflict', USERS_ERRORS.userNotFound);
        if (item.full_name.trim() !== admin.full_name || emailKey(item.email) !== emailKey(admin.email))
          throw new DomainError('conflict', USERS_ERRORS.adminLocked);
        const holdMusic = item.hold_music.trim();
        if (!catalogue.has(holdMusic)) throw new DomainError('conflict', USERS_ERRORS.holdMusicUnknown);
        if (holdMusic === admin.hold_music) return;
        const next = { full_name: admin.full_name, email: admin.email, hold_music: holdMusic };
        await inSavepoint(tx, (sp) => updatePerson(sp, actor.accountId, admin.id, next));
        audit.push({
          action: 'admin.updated',
          target_person_id: admin.id,
          before: auditView(admin),
          after: auditView({ ...admin, hold_music: holdMusic }),
        });
      });
    }

    for (const item of body.added) {
      // Blank new rows are never sent by the page (API-49); if they are, they are not users.
      if (!item.email.trim() && !item.full_name.trim()) continue;
      await attempt(result.added, item.email, async () => {
        if (!status.multiUser) throw new DomainError('conflict', USERS_ERRORS.notMultiUser);
        const problem = fieldProblem(item);
        if (problem) throw new DomainError('conflict', problem);
        if (item.full_name.trim().length < USERS_NEW_ROW_MIN_NAME_LENGTH)
          throw new DomainError('conflict', USERS_ERRORS.completeRequired);
        audit.push(await addPerson(tx, actor, item, nextPin));
      });
    }

    await recordActivity(tx, actor.accountId, actor.personId, audit);
  });
  return result;
}
