import {
  API_ACCOUNT_BASE,
  USERS_ERRORS,
  USERS_PATHS,
  type SaveUsersResponse,
  type User,
  type UsersData,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../../../../src/db/seed/demo-account';
import { HOLD_MUSIC_CATALOGUE } from '../../../../../../src/db/seed/hold-music';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { changePins } from '../../../../../../src/domain/users/users-service';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';

const url = (path: string) => `${API_ACCOUNT_BASE}${path}`;

function multipartCsv(csv: string, filename = 'users.csv') {
  const boundary = '----enqtest' + Math.random().toString(16).slice(2);
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
    `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(drivers)('users API (%s)', (driver) => {
  let ctx: TestContext;
  let token: string;
  let accountId: string;
  let adminId: string;
  let other: { accountId: string; userPin: string; userEmail: string; token: string };

  const call = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: unknown, as = token) =>
    ctx.app.inject({
      method,
      url: url(path),
      headers: { authorization: `Bearer ${as}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const load = async () => (await call('GET', USERS_PATHS.users)).json<UsersData>();
  const audit = (action: string) =>
    ctx.database.query<{
      actor_person_id: string;
      target_person_id: string;
      before: unknown;
      after: unknown;
    }>(
      'select actor_person_id, target_person_id, before, after from audit_log where account_id = $1 and action = $2 order by id',
      [accountId, action],
    );

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    const [admin] = await ctx.database.query<{ id: string; account_id: string }>(
      'select id, account_id from people where email = $1',
      [DEMO_ADMIN.email],
    );
    adminId = admin!.id;
    accountId = admin!.account_id;
    token = (await issueApiToken(ctx.database, adminId)).token;
    // A second account with its own admin and one user.
    const [acc] = await ctx.database.query<{ id: string }>(
      "insert into accounts (name) values ('Other Firm LLC') returning id",
    );
    await ctx.database.query(
      `insert into subscriptions (account_id, plan_id, status, anchor_at, current_period_start, current_period_end)
       values ($1, 'team-monthly', 'active', now(), now(), now() + interval '1 month')`,
      [acc!.id],
    );
    const [otherAdmin] = await ctx.database.query<{ id: string }>(
      `insert into people (account_id, full_name, email, pin, is_admin, hold_music)
       values ($1, 'Olga Other', 'olga@otherfirm.com', '990001', true, 'harbor-lights') returning id`,
      [acc!.id],
    );
    await ctx.database.query(
      `insert into people (account_id, full_name, email, pin, hold_music)
       values ($1, 'Oscar Other', 'oscar@otherfirm.com', '990002', 'quiet-ledger')`,
      [acc!.id],
    );
    other = {
      accountId: acc!.id,
      userPin: '990002',
      userEmail: 'oscar@otherfirm.com',
      token: (await issueApiToken(ctx.database, otherAdmin!.id)).token,
    };
  });
  afterAll(() => ctx?.close());

  it('API-45 API-46 the load answers admin_user, users, is_subscription_active, hold_music_list and default_hold_music', async () => {
    const response = await call('GET', USERS_PATHS.users);
    expect(response.statusCode).toBe(200);
    const data = response.json<UsersData>();
    expect(data.admin_user).toMatchObject({ email: DEMO_ADMIN.email, hold_music: 'harbor-lights' });
    expect(data.admin_user.pin_number).toMatch(/^\d{6}$/);
    expect(data.users).toHaveLength(24);
    expect(Object.keys(data.users[0]!).sort()).toEqual(['email', 'full_name', 'hold_music', 'pin_number']);
    expect(new Set(data.users.map((u) => u.hold_music)).size).toBeGreaterThan(3);
    expect(data.is_subscription_active).toBe(true);
    expect(data.is_multi_user).toBe(true);
    expect(data.hold_music_list.map((t) => t.value)).toEqual(HOLD_MUSIC_CATALOGUE.map((t) => t.value));
    expect(data.default_hold_music).toBe('harbor-lights');
    // Another account's people never show.
    expect(data.users.some((u) => u.email === other.userEmail)).toBe(false);
  });

  it('USR-02 every hold-music url serves real WAV audio', async () => {
    const data = await load();
    for (const track of data.hold_music_list) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: track.url,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('audio/wav');
      const body = response.rawPayload;
      expect(body.subarray(0, 4).toString('ascii')).toBe('RIFF');
      expect(body.subarray(8, 12).toString('ascii')).toBe('WAVE');
      expect(body.readUInt32LE(24)).toBe(16_000);
      expect(body.length).toBeGreaterThan(16_000 * 2 * 3); // more than 3 seconds
    }
    expect((await call('GET', USERS_PATHS.holdMusicAudio('no-such-track'))).statusCode).toBe(404);
  });

  it("API-54 the CSV template downloads as 'add-users-enq.csv'", async () => {
    const response = await call('GET', USERS_PATHS.csvTemplate);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="add-users-enq.csv"');
    // Every CSV the portal makes: UTF-8 byte-order mark and CRLF line ends. Under the header, the
    // example row with the default track's name.
    const [first] = (await load()).hold_music_list;
    expect(response.body).toBe(
      `\uFEFFfull_name,email,hold_music\r\nJordan Example,jordan.example@example.com,${first!.name}\r\n`,
    );
    // Uploaded as it is, the template adds nobody: its example row is not a person.
    const upload = async (csv: string) => {
      const form = multipartCsv(csv);
      return ctx.app.inject({
        method: 'POST',
        url: url(USERS_PATHS.users),
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${token}` },
      });
    };
    const unchanged = await upload(response.body);
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json().message).toBe('The file has no users to add.');
    // With a row of its own under the example, only that row is added.
    const before = (await load()).users.length;
    const added = await upload(`${response.body}Row Of Mine,row.of.mine@harborpinetax.com,\r\n`);
    expect(added.statusCode).toBe(200);
    const users = added.json<UsersData>().users;
    expect(users).toHaveLength(before + 1);
    expect(users.some((u) => u.email === 'jordan.example@example.com')).toBe(false);
  });

  it('API-48 API-50 a partial failure applies the valid items and reports the refused one', async () => {
    const before = await load();
    const [a, b, c] = before.users as [User, User, User];
    const response = await call('PUT', USERS_PATHS.users, {
      added: [
        {
          full_name: 'Nina Patel',
          email: 'nina.patel@harborpinetax.com',
          pin_number: '123456',
          hold_music: 'quiet-ledger',
        },
        {
          full_name: 'Dup Person',
          email: c.email.toUpperCase(),
          pin_number: '654321',
          hold_music: 'quiet-ledger',
        },
      ],
      updated: [
        { ...a, full_name: `${a.full_name} Jr.` },
        { ...b, email: c.email.toUpperCase() }, // duplicate of c, case-insensitively
        { ...c, hold_music: 'evergreen-strings' },
      ],
      removed: [],
      admin_user: { ...before.admin_user, hold_music: 'blue-note-waltz' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<SaveUsersResponse>();
    expect(body.request_status.added).toEqual([
      { email: 'nina.patel@harborpinetax.com', status: 'success' },
      { email: c.email.toUpperCase(), status: USERS_ERRORS.emailExists },
    ]);
    expect(body.request_status.updated).toEqual([
      { email: a.email, status: 'success' },
      { email: c.email.toUpperCase(), status: USERS_ERRORS.emailExists },
      { email: c.email, status: 'success' },
      { email: before.admin_user.email, status: 'success' },
    ]);
    // The refreshed data comes back with the answer.
    const byPin = new Map(body.users.map((u) => [u.pin_number, u]));
    expect(byPin.get(a.pin_number)!.full_name).toBe(`${a.full_name} Jr.`);
    expect(byPin.get(b.pin_number)).toEqual(b); // refused: untouched
    expect(byPin.get(c.pin_number)!.hold_music).toBe('evergreen-strings');
    expect(body.admin_user.hold_music).toBe('blue-note-waltz');
    const nina = body.users.find((u) => u.email === 'nina.patel@harborpinetax.com')!;
    expect(nina.pin_number).toMatch(/^\d{6}$/);
    expect(nina.pin_number).not.toBe('123456'); // the page's temporary PIN is not used
    expect(body.users.filter((u) => u.email.toLowerCase() === c.email.toLowerCase())).toHaveLength(1);

    // The audit log has who, what, before and after; PINs only masked.
    const updates = await audit('user.updated');
    expect(updates.length).toBe(2);
    expect(updates[0]).toMatchObject({
      actor_person_id: adminId,
      before: { full_name: a.full_name },
      after: { full_name: `${a.full_name} Jr.` },
    });
    const added = await audit('user.added');
    expect(added.at(-1)!.after).toMatchObject({
      email: 'nina.patel@harborpinetax.com',
      pin_number: `••${nina.pin_number.slice(-4)}`,
    });
    expect(await audit('admin.updated')).toHaveLength(1);
  });

  it('API-48 the server runs the page rules: empty names, bad emails, the admin email, unknown hold music', async () => {
    const [a] = (await load()).users as [User];
    const response = await call('PUT', USERS_PATHS.users, {
      updated: [
        { ...a, full_name: '  ' },
        { ...a, email: 'not-an-email' },
        { ...a, email: DEMO_ADMIN.email.toUpperCase() },
        { ...a, hold_music: 'polka' },
      ],
      added: [
        { full_name: '', email: '', hold_music: 'quiet-ledger' }, // blank: not a user, not reported
        { full_name: 'X', email: 'x@harborpinetax.com', hold_music: 'quiet-ledger' },
      ],
      admin_user: null,
    });
    const status = response.json<SaveUsersResponse>().request_status;
    expect(status.updated.map((s) => s.status)).toEqual([
      USERS_ERRORS.fullNameRequired,
      USERS_ERRORS.emailInvalid,
      USERS_ERRORS.adminEmail,
      USERS_ERRORS.holdMusicUnknown,
    ]);
    expect(status.added).toEqual([{ email: 'x@harborpinetax.com', status: USERS_ERRORS.completeRequired }]);
    expect((await load()).users[0]).toEqual(a);
  });

  it("API-51 removal alone uses the save; the admin cannot be removed; another account's user is refused and untouched", async () => {
    const before = await load();
    const victim = before.users.at(-1)!;
    const response = await call('PUT', USERS_PATHS.users, {
      removed: [victim, { pin_number: other.userPin, email: other.userEmail }, before.admin_user],
    });
    const body = response.json<SaveUsersResponse>();
    expect(body.request_status.removed).toEqual([
      { email: victim.email, status: 'success' },
      { email: other.userEmail, status: USERS_ERRORS.userNotFound },
      { email: before.admin_user.email, status: USERS_ERRORS.adminNotRemovable },
    ]);
    expect(body.users.some((u) => u.pin_number === victim.pin_number)).toBe(false);
    const [oscar] = await ctx.database.query('select full_name from people where pin = $1', [other.userPin]);
    expect(oscar).toEqual({ full_name: 'Oscar Other' });
    expect((await audit('user.removed')).at(-1)).toMatchObject({
      before: { email: victim.email },
      after: null,
    });
  });

  it("another account's user cannot be updated, re-PINned or emailed", async () => {
    const update = await call('PUT', USERS_PATHS.users, {
      updated: [
        {
          full_name: 'Hijacked',
          email: 'oscar@otherfirm.com',
          pin_number: other.userPin,
          hold_music: 'quiet-ledger',
        },
      ],
    });
    expect(update.json<SaveUsersResponse>().request_status.updated).toEqual([
      { email: 'oscar@otherfirm.com', status: USERS_ERRORS.userNotFound },
    ]);
    expect((await call('PUT', USERS_PATHS.changePin, { pin_numbers: [other.userPin] })).statusCode).toBe(404);
    expect((await call('PUT', USERS_PATHS.changeAdminPin, { pin_number: '990001' })).statusCode).toBe(404);
    expect((await call('POST', USERS_PATHS.sendPinEmail, { emails: [other.userEmail] })).statusCode).toBe(
      404,
    );
    const rows = await ctx.database.query(
      'select full_name, pin from people where account_id = $1 order by pin',
      [other.accountId],
    );
    expect(rows).toEqual([
      { full_name: 'Olga Other', pin: '990001' },
      { full_name: 'Oscar Other', pin: '990002' },
    ]);
    const mails = await ctx.database.query('select 1 from outbox where "to" = $1', [other.userEmail]);
    expect(mails).toHaveLength(0);
    // And the other account sees only its own user.
    const theirs = (await call('GET', USERS_PATHS.users, undefined, other.token)).json<UsersData>();
    expect(theirs.users.map((u) => u.email)).toEqual([other.userEmail]);
  });

  it('API-52 change PINs gives each listed user a new unique PIN and answers users', async () => {
    const before = await load();
    const pins = before.users.slice(0, 3).map((u) => u.pin_number);
    const response = await call('PUT', USERS_PATHS.changePin, { pin_numbers: pins });
    expect(response.statusCode).toBe(200);
    const { users } = response.json<{ users: User[] }>();
    expect(users).toHaveLength(before.users.length);
    for (let i = 0; i < 3; i++) {
      expect(users[i]!.email).toBe(before.users[i]!.email);
      expect(users[i]!.pin_number).toMatch(/^\d{6}$/);
      expect(users[i]!.pin_number).not.toBe(pins[i]);
    }
    expect(users.slice(3)).toEqual(before.users.slice(3));
    expect((await audit('user.pin_changed')).length).toBeGreaterThanOrEqual(3);
  });

  it('API-53 change admin PIN answers admin_user with a new PIN', async () => {
    const before = await load();
    const response = await call('PUT', USERS_PATHS.changeAdminPin, {
      pin_number: before.admin_user.pin_number,
    });
    expect(response.statusCode).toBe(200);
    const { admin_user } = response.json<{ admin_user: User }>();
    expect(admin_user.email).toBe(DEMO_ADMIN.email);
    expect(admin_user.pin_number).toMatch(/^\d{6}$/);
    expect(admin_user.pin_number).not.toBe(before.admin_user.pin_number);
    expect(await audit('admin.pin_changed')).toHaveLength(1);
  });

  it('PINs stay unique service-wide under concurrent changes and when the generator collides', async () => {
    const before = await load();
    const targets = before.users.slice(0, 12);
    const responses = await Promise.all(
      targets.map((u) => call('PUT', USERS_PATHS.changePin, { pin_numbers: [u.pin_number] })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(targets.map(() => 200));
    const all = await ctx.database.query<{ pin: string }>('select pin from people where pin is not null');
    expect(new Set(all.map((r) => r.pin)).size).toBe(all.length);

    // A generator that first offers PINs already taken (here and on another account) must retry.
    const now = await load();
    const taken = [other.userPin, now.admin_user.pin_number, now.users[5]!.pin_number];
    const offered = [...taken, '000777'];
    await changePins(
      ctx.database,
      { accountId, personId: adminId, environment: 'local' },
      [now.users[0]!.pin_number],
      () => offered.shift()!,
    );
    expect((await load()).users[0]!.pin_number).toBe('000777');
    expect(offered).toEqual([]);
  });

  it('API-55 send PIN email writes one email per person with their PIN and answers a message', async () => {
    const data = await load();
    const [u1, u2] = data.users as [User, User];
    const response = await call('POST', USERS_PATHS.sendPinEmail, {
      emails: [u1.email, u2.email.toUpperCase()],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'PIN emails sent to 2 users.' });
    for (const u of [u1, u2]) {
      const mails = await ctx.database.query<{ text: string; account_id: string }>(
        'select text, account_id from outbox where "to" = $1',
        [u.email],
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(`Your enQ PIN is ${u.pin_number}.`);
      expect(mails[0]!.account_id).toBe(accountId);
    }
    const one = await call('POST', USERS_PATHS.sendPinEmail, { emails: [u1.email] });
    expect(one.json()).toEqual({ message: `PIN email sent to ${u1.email}.` });
    expect((await audit('user.pin_emailed')).length).toBe(3);
  });

  it('USR-27 CSV import with bad rows reports each by row number and adds nobody', async () => {
    const before = await load();
    const csv = [
      'Full Name,Email,Hold Music',
      'Good Person,good.person@harborpinetax.com,Quiet Ledger',
      ',missing.name@harborpinetax.com,',
      'Bad Email,bad-email,',
      `Taken Email,${before.users[1]!.email.toUpperCase()},`,
      'Admin Mail,' + DEMO_ADMIN.email + ',',
      'Odd Music,odd.music@harborpinetax.com,polka',
      'Twice,good.person@harborpinetax.com,',
    ].join('\n');
    const form = multipartCsv(csv);
    const response = await ctx.app.inject({
      method: 'POST',
      url: url(USERS_PATHS.users),
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; errors: { row: number; message: string }[] }>();
    expect(body.message).toBe('6 rows have errors; no users were added. Fix them and upload the file again.');
    expect(body.errors.map((e) => e.message)).toEqual([
      'Row 3: Full name is required.',
      'Row 4: Enter a valid email.',
      'Row 5: This email already exists.',
      'Row 6: Admin email cannot be used.',
      'Row 7: Choose a hold music track from the list.',
      'Row 8: This email already exists. (also on row 2)',
    ]);
    expect((await load()).users).toHaveLength(before.users.length);
  });

  it('API-47 a good CSV adds every row with its own PIN and the answer replaces the user list', async () => {
    const before = await load();
    const csv =
      'full_name,email,hold_music\nCsv One,csv.one@harborpinetax.com,quiet-ledger\n"Two, Csv",csv.two@harborpinetax.com,\n';
    const form = multipartCsv(csv);
    const response = await ctx.app.inject({
      method: 'POST',
      url: url(USERS_PATHS.users),
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const data = response.json<UsersData>();
    expect(data.users).toHaveLength(before.users.length + 2);
    const two = data.users.find((u) => u.email === 'csv.two@harborpinetax.com')!;
    expect(two).toMatchObject({ full_name: 'Two, Csv', hold_music: before.admin_user.hold_music });
    expect(two.pin_number).toMatch(/^\d{6}$/);
  });

  it('USR-60 nothing can be changed while the subscription is inactive', async () => {
    await ctx.database.query("update subscriptions set status = 'inactive' where account_id = $1", [
      accountId,
    ]);
    try {
      const before = await load();
      expect(before.is_subscription_active).toBe(false);
      const u = before.users[0]!;
      const attempts = [
        await call('PUT', USERS_PATHS.users, { updated: [{ ...u, full_name: 'Changed Name' }] }),
        await call('PUT', USERS_PATHS.users, { removed: [u] }),
        await call('PUT', USERS_PATHS.changePin, { pin_numbers: [u.pin_number] }),
        await call('PUT', USERS_PATHS.changeAdminPin, { pin_number: before.admin_user.pin_number }),
        await call('POST', USERS_PATHS.sendPinEmail, { emails: [u.email] }),
      ];
      for (const response of attempts) {
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe(USERS_ERRORS.subscriptionInactive);
      }
      const form = multipartCsv('full_name,email\nLate Add,late.add@harborpinetax.com\n');
      const upload = await ctx.app.inject({
        method: 'POST',
        url: url(USERS_PATHS.users),
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${token}` },
      });
      expect(upload.statusCode).toBe(403);
      expect(await load()).toEqual(before);
    } finally {
      await ctx.database.query("update subscriptions set status = 'active' where account_id = $1", [
        accountId,
      ]);
    }
  });

  it('staff identities and missing tokens are refused; sending PIN emails is rate-limited', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: url(USERS_PATHS.users) })).statusCode).toBe(401);
    const [staff] = await ctx.database.query<{ id: string }>('select id from people where is_staff limit 1');
    const staffToken = (await issueApiToken(ctx.database, staff!.id)).token;
    expect((await call('GET', USERS_PATHS.users, undefined, staffToken)).statusCode).toBe(403);

    const email = (await load()).users[2]!.email;
    const codes: number[] = [];
    for (let i = 0; i < 20; i++)
      codes.push((await call('POST', USERS_PATHS.sendPinEmail, { emails: [email] })).statusCode);
    expect(codes).toContain(429);
    // Another account has its own allowance.
    const theirs = await call('POST', USERS_PATHS.sendPinEmail, { emails: [other.userEmail] }, other.token);
    expect(theirs.statusCode).toBe(200);
  });
});
