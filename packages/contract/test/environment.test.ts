import { describe, expect, it } from 'vitest';
import { emailPattern, environmentForHost, isValidEmail } from '../src/environment';

describe('environment rule', () => {
  it('AUTH-10 localhost is the local environment', () => {
    expect(environmentForHost('localhost')).toBe('local');
    expect(environmentForHost('127.0.0.1')).toBe('local');
  });
  it("AUTH-11 a host containing 'enqueue' is the dev environment", () => {
    expect(environmentForHost('portal.enqueue-dev.com')).toBe('dev');
    expect(environmentForHost('ENQUEUE.example')).toBe('dev');
  });
  it('AUTH-12 any other host is production', () => {
    expect(environmentForHost('portal.enq.com')).toBe('production');
    expect(environmentForHost('enq-queue.com')).toBe('production');
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
