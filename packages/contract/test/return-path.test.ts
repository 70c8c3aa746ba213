import { describe, expect, it } from 'vitest';
import { sanitizeReturnPath } from '../src/return-path';

describe('AUTH-02 return path after sign-in', () => {
  it.each([
    ['/billing', '/billing'],
    ['/call-history?page=3&preset=today', '/call-history?page=3&preset=today'],
    ['/users#bulk', '/users#bulk'],
    ['/', '/'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(sanitizeReturnPath(input)).toBe(expected);
  });

  it.each([
    'https://evil.example/billing',
    '//evil.example/billing',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'billing',
    '/\tevil',
    '',
    null,
    undefined,
  ])('falls back to / for %s', (input) => {
    expect(sanitizeReturnPath(input as string | null | undefined)).toBe('/');
  });
});
