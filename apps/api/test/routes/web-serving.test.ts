import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { PAGE_TITLE_HTML } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, type TestContext } from '../helpers/app';

const ENTRY = '<script type="module" crossorigin src="/assets/index-abc123.js"></script>';
const INDEX = `<!doctype html>${PAGE_TITLE_HTML}${ENTRY}</head><div id="root"></div>`;
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

  it('SHELL-14 sends a browser opening an unknown file path the page (whose router goes to /), and keeps 404s for assets, scripts and the API', async () => {
    const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    const ask = (url: string, accept: string) =>
      ctx.app.inject({ url, headers: { host: 'localhost:8080', accept } });
    for (const url of ['/foo.html', '/no/such/page.php', '/report.pdf?x=1']) {
      const page = await ask(url, HTML_ACCEPT);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain(ENTRY);
    }
    // A chunk of an older deploy fails as a load, not as HTML run as a script; the API answers JSON.
    for (const [url, accept] of [
      ['/assets/index-old999.js', HTML_ACCEPT],
      ['/assets/index-old999.js', '*/*'],
      ['/api/v1/foo.html', HTML_ACCEPT],
      ['/foo.js', '*/*'],
      ['/logo.png', 'image/avif,image/webp,image/*,*/*;q=0.8'],
    ] as const) {
      const missing = await ask(url, accept);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json().code, url).toBe('NOT_FOUND');
    }
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
      // Right after the title, before the entry's script tag.
      const element =
        /<\/title><script id="public-config" type="application\/json">(.*?)<\/script><script type="module"/s.exec(
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
});
