import multipart from '@fastify/multipart';
import {
  changeAdminPinRequestSchema,
  changeAdminPinResponseSchema,
  changePinsRequestSchema,
  changePinsResponseSchema,
  csvImportErrorSchema,
  environmentForHost,
  errorEnvelopeSchema,
  saveUsersRequestSchema,
  saveUsersResponseSchema,
  sendPinEmailRequestSchema,
  sendPinEmailResponseSchema,
  USERS_CSV_MAX_BYTES,
  USERS_CSV_TEMPLATE_FILENAME,
  USERS_ERRORS,
  usersCsvUploadSchema,
  usersDataSchema,
} from '@enq/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  holdMusicWav,
  pinEmail,
  parseUsersCsv,
  usersCsvTemplate,
  accountEmails,
  adminOf,
  getUsersData,
  holdMusicCatalogue,
  addUsers,
  assertCanChangeUsers,
  auditPinEmails,
  changeAdminPin,
  changePins,
  pinEmailRecipients,
  type UsersActor,
  saveUsers,
} from '../../../../../domain/users';
import { DomainError } from '../../../../../domain/errors';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};
const security = [{ bearer: [] }];
const tags = ['users'];

/** The Users page's API (API-45..API-55), below /api/v1/account/users. */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: USERS_CSV_MAX_BYTES, files: 1, fields: 5 } });
  const environment = environmentForHost(new URL(app.config.publicUrl).hostname);
  const actorOf = (req: FastifyRequest): UsersActor => ({
    accountId: req.principal!.accountId!,
    personId: req.principal!.personId,
    environment,
  });

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'The users page: admin, users, hold music',
        response: { 200: usersDataSchema, ...errors },
      },
    },
    async (req) => getUsersData(app.database, req.principal!.accountId!),
  );

  app.put(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Add, change and remove users; each item is applied or refused on its own',
        body: saveUsersRequestSchema,
        response: { 200: saveUsersResponseSchema, ...errors },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const request_status = await saveUsers(app.database, actor, req.body);
      return { ...(await getUsersData(app.database, actor.accountId)), request_status };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Add users from a CSV file in the template format (multipart field "file")',
        consumes: ['multipart/form-data'],
        documentedBody: usersCsvUploadSchema,
        response: {
          200: usersDataSchema,
          // The rows' errors when the file was read; the plain envelope when there was no file to read.
          400: csvImportErrorSchema.or(errorEnvelopeSchema),
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const status = await assertCanChangeUsers(app.database, actor.accountId);
      if (!status.multiUser) throw new DomainError('forbidden', USERS_ERRORS.notMultiUser);
      if (!req.isMultipart())
        throw new DomainError('invalid', 'Upload the CSV file as multipart/form-data.', 'file');
      const file = await req.file();
      if (!file) throw new DomainError('invalid', 'Choose a CSV file to upload.', 'file');
      let buffer: Buffer;
      try {
        buffer = await file.toBuffer();
      } catch {
        throw new DomainError(
          'invalid',
          `The file is larger than ${USERS_CSV_MAX_BYTES / 1024 / 1024} MB.`,
          'file',
        );
      }
      const data = await getUsersData(app.database, actor.accountId);
      const parsed = parseUsersCsv(buffer.toString('utf8'), {
        environment,
        adminEmail: data.admin_user.email,
        existingEmails: await accountEmails(app.database, actor.accountId),
        catalogue: data.hold_music_list,
        defaultHoldMusic: data.admin_user.hold_music || data.default_hold_music,
      });
      if (!parsed.ok) {
        return reply
          .code(400)
          .send({ code: 'BAD_REQUEST', field: 'file', message: parsed.message, errors: parsed.errors });
      }
      try {
        await addUsers(app.database, actor, parsed.users);
      } catch (error) {
        // Another request took one of the emails between the check and the write.
        if (error instanceof DomainError)
          throw new DomainError('conflict', `${error.message} No users were added.`);
        throw error;
      }
      return getUsersData(app.database, actor.accountId);
    },
  );

  app.get(
    '/get-csv-template/',
    {
      schema: {
        tags,
        security,
        summary: `The CSV template (${USERS_CSV_TEMPLATE_FILENAME})`,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (_req, reply) => {
      // The example row's track is the default one, the catalogue's first (getUsersData).
      const [first] = await holdMusicCatalogue(app.database);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${USERS_CSV_TEMPLATE_FILENAME}"`)
        .send(usersCsvTemplate(first?.name ?? ''));
    },
  );

  app.put(
    '/change-pin/',
    {
      schema: {
        tags,
        security,
        summary: 'New unique PINs for the listed users',
        body: changePinsRequestSchema,
        response: { 200: changePinsResponseSchema, ...errors },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      await changePins(app.database, actor, req.body.pin_numbers);
      return { users: (await getUsersData(app.database, actor.accountId)).users };
    },
  );

  app.put(
    '/change-admin-pin/',
    {
      schema: {
        tags,
        security,
        summary: "A new unique PIN for the admin user (pin_number: the admin's current PIN)",
        body: changeAdminPinRequestSchema,
        response: { 200: changeAdminPinResponseSchema, ...errors },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      await changeAdminPin(app.database, actor, req.body.pin_number);
      return { admin_user: (await getUsersData(app.database, actor.accountId)).admin_user };
    },
  );

  app.post(
    '/send-pin-email/',
    {
      schema: {
        tags,
        security,
        summary: 'Email each listed person their PIN',
        body: sendPinEmailRequestSchema,
        response: { 200: sendPinEmailResponseSchema, ...errors, 429: errorEnvelopeSchema },
      },
      config: {
        rateLimit: {
          max: 20,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (req: FastifyRequest) => `pin-email:${req.principal?.accountId ?? req.ip}`,
        },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const people = await pinEmailRecipients(app.database, actor, req.body.emails);
      const admin = await adminOf(app.database, actor.accountId);
      await app.database.transaction(async (tx) => {
        for (const person of people)
          await app.mailer.send(pinEmail(actor.accountId, person, admin.full_name), tx);
        await auditPinEmails(tx, actor, people);
      });
      return {
        message:
          people.length === 1
            ? `PIN email sent to ${people[0]!.email}.`
            : `PIN emails sent to ${people.length} users.`,
      };
    },
  );

  app.get(
    '/hold-music/:file',
    {
      schema: {
        tags,
        security,
        summary: 'A hold-music track as WAV audio',
        params: z.object({ file: z.string().regex(/^[a-z0-9-]+\.wav$/) }),
        produces: ['audio/wav'],
        // The bytes go out as they are (a Buffer is never serialized); the 200 is documented as a file.
        response: { 200: z.any(), 404: errorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      const wav = holdMusicWav(req.params.file.replace(/\.wav$/, ''));
      if (!wav) throw new DomainError('not-found', 'No such hold music.');
      return reply.type('audio/wav').header('cache-control', 'private, max-age=86400').send(wav);
    },
  );
};

export default usersRoutes;
