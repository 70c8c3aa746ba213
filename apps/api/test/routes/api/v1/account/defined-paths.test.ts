import {
  API_ACCOUNT_BASE,
  DEVICE_PATHS,
  LINES_PATHS,
  OVERVIEW_PATHS,
  PROFILE_PATHS,
  SUBSCRIPTION_PATHS,
  USERS_PATHS,
} from '@enq/contract';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../helpers/app';

// Every account path the page uses (API-23..25), with the method the page sends, is a route
// of the account API: the contract's path constants and the server's routes agree.
describe('the account paths the page uses', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
  });
  afterAll(() => ctx?.close());

  const served = (method: HTTPMethods, path: string) =>
    ctx.app.hasRoute({ method, url: `${API_ACCOUNT_BASE}${path}` });

  it('API-24 /users/, /users/change-pin/, /users/change-admin-pin/, /users/get-csv-template/, /users/send-pin-email/', () => {
    expect(USERS_PATHS).toMatchObject({
      users: '/users/',
      changePin: '/users/change-pin/',
      changeAdminPin: '/users/change-admin-pin/',
      csvTemplate: '/users/get-csv-template/',
      sendPinEmail: '/users/send-pin-email/',
    });
    expect(served('GET', USERS_PATHS.users)).toBe(true);
    expect(served('PUT', USERS_PATHS.users)).toBe(true);
    expect(served('POST', USERS_PATHS.users)).toBe(true);
    expect(served('PUT', USERS_PATHS.changePin)).toBe(true);
    expect(served('PUT', USERS_PATHS.changeAdminPin)).toBe(true);
    expect(served('GET', USERS_PATHS.csvTemplate)).toBe(true);
    expect(served('POST', USERS_PATHS.sendPinEmail)).toBe(true);
    // A path the server does not have is not reported as served.
    expect(served('GET', '/users/no-such-path/')).toBe(false);
  });

  it('API-25 /subscription/, /subscription/change/, /subscription/cancel/ (and /keep/, Keep this plan)', () => {
    expect(SUBSCRIPTION_PATHS).toEqual({
      root: '/subscription/',
      change: '/subscription/change/',
      cancel: '/subscription/cancel/',
      keep: '/subscription/keep/',
    });
    expect(served('GET', SUBSCRIPTION_PATHS.root)).toBe(true);
    for (const path of [SUBSCRIPTION_PATHS.change, SUBSCRIPTION_PATHS.cancel, SUBSCRIPTION_PATHS.keep]) {
      expect(served('GET', path), `GET ${path}`).toBe(true);
      expect(served('POST', path), `POST ${path}`).toBe(true);
    }
  });

  it('the overview root, /lines/, /lines/pdf, /lines/vcf, /profile/, /profile/change-password/ and POST /new-device', () => {
    expect(served('GET', OVERVIEW_PATHS.root)).toBe(true);
    expect(served('GET', LINES_PATHS.lines)).toBe(true);
    expect(served('GET', LINES_PATHS.pdf)).toBe(true);
    expect(served('GET', LINES_PATHS.vcf)).toBe(true);
    expect(served('GET', PROFILE_PATHS.profile)).toBe(true);
    expect(served('PUT', PROFILE_PATHS.profile)).toBe(true);
    expect(served('POST', PROFILE_PATHS.changePassword)).toBe(true);
    expect(served('POST', DEVICE_PATHS.newDevice)).toBe(true);
  });
});
