import { z } from 'zod';
import { USERS_CSV_MAX_BYTES } from './users';

// The Users API's schemas (API-45..API-55); the page's texts are in users.ts.

const pinSchema = z.string().regex(/^\d+$/, 'A PIN is digits only').max(32);

export const holdMusicSchema = z
  .object({ name: z.string(), value: z.string(), url: z.string() })
  .meta({ id: 'HoldMusic' });
export type HoldMusic = z.infer<typeof holdMusicSchema>;

export const userSchema = z
  .object({
    full_name: z.string().max(200),
    email: z.string().max(320),
    pin_number: z.string().max(32),
    hold_music: z.string().max(100),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const usersDataSchema = z
  .object({
    admin_user: userSchema,
    users: z.array(userSchema),
    is_subscription_active: z.boolean(),
    is_multi_user: z.boolean().meta({ description: 'The plan allows sub-account users (Add is offered)' }),
    hold_music_list: z.array(holdMusicSchema),
    default_hold_music: z.string(),
  })
  .meta({ id: 'UsersData' });
export type UsersData = z.infer<typeof usersDataSchema>;

/** A user to add: the temporary PIN the page made up is ignored; the server issues the real one. */
export const newUserSchema = userSchema.extend({ pin_number: z.string().max(32).optional() });
export type NewUser = z.infer<typeof newUserSchema>;

export const saveUsersRequestSchema = z
  .object({
    added: z.array(newUserSchema).max(20_000).default([]),
    removed: z
      .array(userSchema.partial({ full_name: true, email: true, hold_music: true }))
      .max(20_000)
      .default([]),
    updated: z.array(userSchema).max(20_000).default([]),
    admin_user: userSchema.optional().nullable(),
  })
  .meta({ id: 'SaveUsersRequest' });
export type SaveUsersRequest = z.input<typeof saveUsersRequestSchema>;

export const requestStatusItemSchema = z.object({ email: z.string(), status: z.string() });
export type RequestStatusItem = z.infer<typeof requestStatusItemSchema>;

export const requestStatusSchema = z
  .object({
    added: z.array(requestStatusItemSchema),
    removed: z.array(requestStatusItemSchema),
    updated: z.array(requestStatusItemSchema),
  })
  .meta({ id: 'RequestStatus' });
export type RequestStatus = z.infer<typeof requestStatusSchema>;

export const saveUsersResponseSchema = usersDataSchema
  .extend({ request_status: requestStatusSchema })
  .meta({ id: 'SaveUsersResponse' });
export type SaveUsersResponse = z.infer<typeof saveUsersResponseSchema>;

export const changePinsRequestSchema = z
  .object({ pin_numbers: z.array(pinSchema).min(1).max(20_000) })
  .meta({ id: 'ChangePinsRequest' });
export type ChangePinsRequest = z.infer<typeof changePinsRequestSchema>;
export const changePinsResponseSchema = z
  .object({ users: z.array(userSchema) })
  .meta({ id: 'ChangePinsResponse' });
export type ChangePinsResponse = z.infer<typeof changePinsResponseSchema>;

export const changeAdminPinRequestSchema = z
  .object({ pin_number: pinSchema })
  .meta({ id: 'ChangeAdminPinRequest' });
export const changeAdminPinResponseSchema = z
  .object({ admin_user: userSchema })
  .meta({ id: 'ChangeAdminPinResponse' });
export type ChangeAdminPinResponse = z.infer<typeof changeAdminPinResponseSchema>;

export const sendPinEmailRequestSchema = z
  .object({ emails: z.array(z.string().max(320)).min(1).max(20_000) })
  .meta({ id: 'SendPinEmailRequest' });
export const sendPinEmailResponseSchema = z
  .object({ message: z.string() })
  .meta({ id: 'SendPinEmailResponse' });
export type SendPinEmailResponse = z.infer<typeof sendPinEmailResponseSchema>;

export const csvRowErrorSchema = z.object({ row: z.number().int(), message: z.string() });
export type CsvRowError = z.infer<typeof csvRowErrorSchema>;
/** A refused CSV upload: the error envelope plus every bad row (row 1 is the header). */
export const csvImportErrorSchema = z
  .object({
    message: z.string(),
    code: z.string(),
    field: z.string().optional(),
    errors: z.array(csvRowErrorSchema),
  })
  .meta({ id: 'CsvImportError' });
export type CsvImportError = z.infer<typeof csvImportErrorSchema>;
/** The CSV upload as the API document shows it: a multipart/form-data body with the file in `file`. */
export const usersCsvUploadSchema = z
  .object({
    file: z.file().meta({
      description: `A CSV file in the template format, at most ${USERS_CSV_MAX_BYTES / 1024 / 1024} MB`,
    }),
  })
  .meta({ id: 'UsersCsvUpload' });
