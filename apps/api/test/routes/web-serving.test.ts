import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { PAGE_TITLE_HTML, SCREEN_HEADING_MARK, SCREEN_PAGES_FILE, type ScreenPages } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, type TestContext } from '../helpers/app';

const PAGES: ScreenPages = {
  '/': {
    scripts: ['/assets/overview-route-1.js', '/assets/format-2.js'],
    styles: [],
    title: '<title>Overview | enQ Account</title>',
    heading: '<h1>Overview</h1>',
  },
  '/call-history': {
    scripts: ['/assets/call-history-route-3.js'],
    styles: ['/assets/call-history-route-4.css'],
    title: '<title>Call History | enQ Account</title>',
    heading: '<div><h1>Call History</h1><p>Every call</p></div>',
  },
};
const ENTRY =
  '<script async type="module" crossorigin src="/assets/index-abc123.js"></script><style>p{}</style>';
const INDEX = `<!doctype html>${PAGE_TITLE_HTML}${ENTRY}</head><div id="root">${SCREEN_HEADING_MARK}</div>`;
const SCRIPT = `export const a = ${JSON.stringify('enQ '.repeat(2000))};\n`;

describe.each(drivers)('serving the page (%s)', (driver) => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'enq-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
    writeFileSync(join(dist, SCREEN_PAGES_FILE), JSON.stringify(PAGES));
    ctx = await createTestApp(driver, { WEB_DIST: dist, PUBLIC_URL: 'http://localhost:8080' });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a page request on another host name to the canonical address, where sign-in works', async () => {
    const other = await ctx.app.inject({ url: '/users?page=2', headers: { host: '127.0.0.1:8080' } });
    expect(other.statusCode).toBe(308);
    expect(other.headers.location).toBe('http://localhost:8080/users?page=2');
    const root = await ctx.app.inject({ url: '/', headers: { host: '127.0.0.1:8080' } });
    expect(root.headers.location).toBe('http://localhost:8080/');
    const canonical = await ctx.app.inject({ url: '/users', headers: { host: 'localhost:8080' } });
    expect(canonical.statusCode).toBe(200);
    // Health checks and the API answer on any host name.
    expect((await ctx.app.inject({ url: '/healthz', headers: { host: '127.0.0.1:8080' } })).statusCode).toBe(
      200,
    );
  });

  it('answers /favicon.ico (pages without an icon link ask for it) with the icon, not a 404', async () => {
    const icon = await ctx.app.inject({ url: '/favicon.ico', headers: { host: 'localhost:8080' } });
    expect(icon.statusCode).toBe(301);
    expect(icon.headers.location).toBe('/favicon.svg');
  });

  it('serves the precompressed copy the browser accepts, cached for good (the name changes with the content)', async () => {
    const asset = (encoding: string) =>
      ctx.app.inject({
        url: '/assets/index-abc123.js',
        headers: { host: 'localhost:8080', 'accept-encoding': encoding },
      });
    const br = await asset('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect((await asset('gzip')).headers['content-encoding']).toBe('gzip');
    const plain = await asset('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('writes the public config into the page before its entry script, the same as /api/v1/config, so the entry asks the API as soon as it runs', async () => {
    const config = (await ctx.app.inject('/api/v1/config')).json();
    const readConfig = (html: string) => {
      // Right after the title: the entry can run before the parser is past the inline styles.
      const element =
        /<\/title><script id="public-config" type="application\/json">(.*?)<\/script><script async/s.exec(
          html,
        );
      expect(element, 'the config element between the title and the entry script').not.toBeNull();
      expect(element![1]).not.toContain('</');
      return JSON.parse(element![1]!);
    };
    const br = await ctx.app.inject({
      url: '/users?page=2',
      headers: { host: 'localhost:8080', 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['content-security-policy']).toContain("script-src 'self'");
    const html = brotliDecompressSync(br.rawPayload).toString();
    expect(html.startsWith(`<!doctype html>${PAGE_TITLE_HTML}`)).toBe(true);
    expect(readConfig(html)).toEqual(config);
    const plain = await ctx.app.inject({
      url: '/',
      headers: { host: 'localhost:8080', 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(readConfig(plain.body)).toEqual(config);
  });

  it("names a screen's own files in the page sent for its path, so they are fetched beside the entry, with its title and heading", async () => {
    const page = async (url: string) => {
      const answer = await ctx.app.inject({
        url,
        headers: { host: 'localhost:8080', 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(answer.statusCode).toBe(200);
      const [head, body] = brotliDecompressSync(answer.rawPayload).toString().split('</head>');
      return {
        files: [...head!.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map(
          ([, rel, href]) => `${rel} ${href}`,
        ),
        title: /<title>[^<]*<\/title>/.exec(head!)?.[0],
        root: body,
      };
    };
    expect(await page('/')).toEqual({
      files: ['modulepreload /assets/overview-route-1.js', 'modulepreload /assets/format-2.js'],
      title: '<title>Overview | enQ Account</title>',
      root: '<div id="root"><h1>Overview</h1></div>',
    });
    expect(await page('/call-history?timestampFrom=1&page=2')).toEqual({
      files: ['modulepreload /assets/call-history-route-3.js', 'preload /assets/call-history-route-4.css'],
      title: '<title>Call History | enQ Account</title>',
      root: '<div id="root"><div><h1>Call History</h1><p>Every call</p></div></div>',
    });
    // Another spelling of the path, which the page's router shows as that screen: the same page.
    for (const spelling of ['/CALL-HISTORY/', '/Call-%68istory?page=2', '/%43all-history'])
      expect(await page(spelling)).toEqual(await page('/call-history'));
    // Not a screen of the build's list (the sign-in callback, an unknown path, one the router does not
    // match): the page as built.
    for (const other of ['/auth/callback?code=x', '/no-such-screen', '/call-history//'])
      expect(await page(other)).toEqual({
        files: [],
        title: PAGE_TITLE_HTML,
        root: `<div id="root">${SCREEN_HEADING_MARK}</div>`,
      });
  });
});
