import { describe, expect, it } from 'vitest';
import { canonicalHost, emailPattern, environmentForHost, isValidEmail } from '../src/environment';

describe('environment rule', () => {
  it('AUTH-10 localhost is the local environment, however the host is spelt', () => {
    // What a browser's location or a Host header may hold for the one local host.
    for (const host of [
      'localhost',
      'LOCALHOST',
      'LocalHost',
      'localhost.',
      'localhost:5173',
      'LOCALHOST.:8080',
      ' localhost ',
      '127.0.0.1',
      '127.0.0.1:8080',
      '[::1]',
      '[::1]:8080',
      '::1',
      // Full-width letters, percent-encoding and the other spellings of 127.0.0.1 a URL parser folds.
      'ｌｏｃａｌｈｏｓｔ',
      'LOCAL%68OST',
      '127.1',
      '0x7f.0.0.1',
    ]) {
      expect(environmentForHost(host), host).toBe('local');
    }
  });
  it("AUTH-11 a host containing 'enqueue' is the dev environment, however it is spelt", () => {
    for (const host of [
      'portal.enqueue-dev.com',
      'ENQUEUE.example',
      'Portal.EnQueue.dev.',
      'portal.enqueue.dev:443',
      'enqueue',
      'portal.enq%75eue.dev',
      'ＥＮＱＵＥＵＥ.example',
    ]) {
      expect(environmentForHost(host), host).toBe('dev');
    }
  });
  it('AUTH-12 any other host is production, including ones that only look local or dev', () => {
    for (const host of [
      'portal.enq.com',
      'PORTAL.ENQ.COM.',
      'portal.enq.com:8443',
      'enq-queue.com',
      'en.queue.example',
      'localhost.enq.com',
      'notlocalhost',
      '127.0.0.2',
      // Not a host at all: production's rules, the strictest.
      'evil.example#localhost',
      'evil.example/enqueue',
      'user@localhost',
      '',
    ]) {
      expect(environmentForHost(host), host).toBe('production');
    }
  });
  it('reads every spelling of one host as the same canonical host', () => {
    expect(canonicalHost('LocalHost.:5173')).toBe('localhost');
    expect(canonicalHost('[::1]:8080')).toBe('::1');
    expect(canonicalHost('Portal.EnQueue.Dev.')).toBe('portal.enqueue.dev');
    expect(canonicalHost('localhost/x')).toBeNull();
  });
});

describe('email pattern', () => {
  const valid = ['dana.whitfield@harborpinetax.com', 'a_b-c.d@sub.example.co', 'X9@example.io'];
  const invalid = [
    'no-at-sign.com',
    'dana@localhost',
    'dana@example.c',
    'da na@example.com',
    'dana@@example.com',
    'dana!@example.com',
    '@example.com',
    'dana@example.123',
  ];

  it.each(valid)('accepts %s everywhere', (email) => {
    expect(isValidEmail(email, 'production')).toBe(true);
    expect(isValidEmail(email, 'local')).toBe(true);
  });
  it.each(invalid)('rejects %s everywhere', (email) => {
    expect(isValidEmail(email, 'production')).toBe(false);
    expect(isValidEmail(email, 'dev')).toBe(false);
  });
  it('allows a plus sign only off production', () => {
    expect(isValidEmail('dana+test@harborpinetax.com', 'production')).toBe(false);
    expect(isValidEmail('dana+test@harborpinetax.com', 'dev')).toBe(true);
    expect(isValidEmail('dana+test@harborpinetax.com', 'local')).toBe(true);
  });
  it('is anchored: text around a valid address does not pass', () => {
    expect(emailPattern('local').test('x dana@example.com')).toBe(false);
    expect(emailPattern('local').test('dana@example.com\n<script>')).toBe(false);
  });
});
