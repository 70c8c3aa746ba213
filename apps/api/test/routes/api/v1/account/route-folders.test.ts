// Folder = URL prefix (CONTRIBUTING.md): every account route's first path segment is a folder of
// routes/api/v1/account/ (the account root is that folder's index.ts), so a URL finds its handler.
import { API_ACCOUNT_BASE } from '@enq/contract';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../helpers/app';
import { routesOf } from '../../../../helpers/route-list';

const ACCOUNT_ROUTES = fileURLToPath(new URL('../../../../../src/routes/api/v1/account/', import.meta.url));

describe('account route folders are named for their URL prefixes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
  });
  afterAll(() => ctx?.close());

  it('finds a folder for the first segment of every account route', () => {
    const segments = new Set(
      routesOf(ctx.app)
        .map((r) => r.url)
        .filter((url) => url.startsWith(`${API_ACCOUNT_BASE}/`))
        .map((url) => url.slice(API_ACCOUNT_BASE.length + 1).split('/')[0]!),
    );
    // '' is the account root (GET /, the overview) and '*' its catch-all 404: both in account/index.ts.
    const folders = [...segments].filter((s) => s !== '' && s !== '*');
    expect(folders.length).toBeGreaterThan(10);
    expect(folders.filter((segment) => !existsSync(`${ACCOUNT_ROUTES}${segment}/index.ts`))).toEqual([]);
  });
});
