import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { DEFAULT_SELLER } from '../src/domain/billing-engine/invoice-issuer';

describe('configuration', () => {
  it('defaults to the embedded setup on http://localhost:8080', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.database.kind).toBe('pglite');
    expect(config.oidc).toMatchObject({
      embedded: true,
      issuer: 'http://localhost:8080/oidc',
      clientId: 'enq-portal',
    });
    expect(config.sites.marketing).toBe('http://localhost:8080/site/');
  });

  it('follows PORT and HOST with the issuer and site addresses', () => {
    const config = loadConfig({ PORT: '9123', HOST: '0.0.0.0' });
    expect(config.oidc.issuer).toBe('http://localhost:9123/oidc');
    expect(config.sites.adminPanel).toBe('http://localhost:9123/admin');
  });

  it('switches to PostgreSQL and an external issuer when configured', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@db:5432/enq',
      OIDC_ISSUER: 'https://id.example.com/',
      OIDC_CLIENT_ID: 'portal',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/enq' });
    expect(config.oidc).toMatchObject({
      embedded: false,
      issuer: 'https://id.example.com',
      clientId: 'portal',
    });
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'http://not-a-database' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    // nodemailer loads with the first email: a mail URL it could not use must stop the start instead.
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com:587' })).toThrow(/SMTP_URL/);
    expect(loadConfig({ SMTP_URL: 'smtps://user:pw@mail.example.com:465' }).smtpUrl).toBe(
      'smtps://user:pw@mail.example.com:465',
    );
  });

  it('takes the seller printed on invoices and the tax rate from SELLER_* and TAX_RATE_PERCENT', () => {
    expect(loadConfig({}).invoiceIssuer).toEqual({ seller: DEFAULT_SELLER, taxRateBasisPoints: 0 });
    const config = loadConfig({
      SELLER_NAME: 'enQ Europe GmbH',
      SELLER_ADDRESS: 'Friedrichstraße 68; 10117 Berlin ;Germany',
      SELLER_EMAIL: 'rechnung@enq.example.de',
      SELLER_TAX_ID: 'DE123456789',
      TAX_RATE_PERCENT: '8.25',
    });
    expect(config.invoiceIssuer).toEqual({
      seller: {
        name: 'enQ Europe GmbH',
        address: ['Friedrichstraße 68', '10117 Berlin', 'Germany'],
        email: 'rechnung@enq.example.de',
        tax_id: 'DE123456789',
      },
      taxRateBasisPoints: 825,
    });
    expect(() => loadConfig({ TAX_RATE_PERCENT: '-1' })).toThrow(/TAX_RATE_PERCENT/);
    expect(() => loadConfig({ SELLER_EMAIL: 'billing' })).toThrow(/SELLER_EMAIL/);
  });

  it('reads TRUST_PROXY as off, a number of proxies (true is one), or a list of proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'loopback',
      'fd00::/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.kind).toBe('pglite');
  });
});
