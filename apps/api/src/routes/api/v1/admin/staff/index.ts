import {
  addStaffSchema,
  changeStaffRoleSchema,
  errorEnvelopeSchema,
  IDEMPOTENCY_KEY_HEADER,
  staffActionResultSchema,
  staffActionSchema,
  staffAuditPageSchema,
  SYSTEM_ACTOR,
  staffAuditQuerySchema,
  staffListSchema,
  staffPersonParamsSchema,
  idempotencyKeyHeadersSchema,
} from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffActor } from '../../../../../plugins/auth';
import {
  addStaffMember,
  changeStaffRole,
  removeStaffMember,
  staffMembers,
} from '../../../../../domain/admin';
import { listStaffAudit } from '../../../../../domain/staff-actions';
import { RESET_REQUEST_PATH } from '../../../../idp/password-reset-pages';

const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
const headers = idempotencyKeyHeadersSchema;
const tags = ['admin'];

/**
 * The staff list and the staff audit trail (STAFF-01..06): admins only, reading included, since they
 * say who can act on customers' accounts and what was done. Changes go through runStaffAction, and a
 * changed or removed staff member's cached sessions are forgotten in every process.
 */
const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { staffPermission: 'staff' } as const;

  app.get(
    '/',
    {
      config,
      schema: { tags, summary: 'The staff members and their roles', response: { 200: staffListSchema } },
    },
    async () => ({ staff: await staffMembers(app.database) }),
  );

  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Add a staff member; they get an email to choose their password',
        headers,
        body: addStaffSchema,
        response: { 200: staffActionResultSchema.extend({ person_id: z.string() }), ...errors },
      },
    },
    async (req) =>
      addStaffMember(app.database, staffActor(req), req.body, req.headers[IDEMPOTENCY_KEY_HEADER], {
        mailer: app.mailer,
        resetLink: (token) => `${app.config.publicUrl}${RESET_REQUEST_PATH}/${token}`,
        now: app.clock.now(),
      }),
  );

  app.put(
    '/:personId/role',
    {
      config,
      schema: {
        tags,
        summary: "Change a staff member's role (in force on their next request)",
        headers,
        params: staffPersonParamsSchema,
        body: changeStaffRoleSchema,
        response: { 200: staffActionResultSchema, ...errors },
      },
    },
    async (req) => {
      const { personId } = req.params;
      const answer = await changeStaffRole(
        app.database,
        staffActor(req),
        personId,
        req.body.role,
        req.body.reason,
        req.headers[IDEMPOTENCY_KEY_HEADER],
      );
      await app.forgetPerson(personId);
      return answer;
    },
  );

  app.delete(
    '/:personId',
    {
      config,
      schema: {
        tags,
        summary: 'Remove a staff member: their sessions and the view-as tokens issued to them end now',
        headers,
        params: staffPersonParamsSchema,
        body: staffActionSchema,
        response: { 200: staffActionResultSchema, ...errors },
      },
    },
    async (req) => {
      const { personId } = req.params;
      const now = app.clock.now();
      const { answer, forget } = await removeStaffMember(
        app.database,
        staffActor(req),
        personId,
        req.body.reason,
        req.headers[IDEMPOTENCY_KEY_HEADER],
        now,
      );
      for (const id of forget) await app.forgetPerson(id);
      return answer;
    },
  );

  app.get(
    '/audit',
    {
      config,
      schema: {
        tags,
        summary: 'The staff audit trail, newest first, by staff member, action or account',
        querystring: staffAuditQuerySchema,
        response: { 200: staffAuditPageSchema },
      },
    },
    async (req) => {
      const { staff_person_id, action, account_id, before_id, limit } = req.query;
      const rows = await listStaffAudit(app.database, {
        staffPersonId: staff_person_id,
        action,
        accountId: account_id,
        beforeId: before_id,
        limit: limit + 1,
      });
      const entries = rows.slice(0, limit).map((r) => ({
        id: r.id,
        at: new Date(r.at).toISOString(),
        staff_person_id: r.staff_person_id,
        staff_email: r.staff_email,
        // The billing system's own actions (PLAN-13) have no person: the trail names the system.
        staff_name: r.staff_role === SYSTEM_ACTOR.role ? SYSTEM_ACTOR.name : r.staff_name,
        staff_role: r.staff_role,
        action: r.action,
        account_id: r.account_id,
        account_name: r.account_name,
        reason: r.reason,
      }));
      return { entries, next_before_id: rows.length > limit ? entries[entries.length - 1]!.id : null };
    },
  );
};

export default staffRoutes;
