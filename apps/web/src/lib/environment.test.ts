import { describe, expect, it } from 'vitest';
import { currentEnvironment, isValidEmailHere } from './environment';

describe('environment of the page', () => {
  it('AUTH-10 the page on localhost is local (the test page runs on localhost)', () => {
    expect(window.location.hostname).toBe('localhost');
    expect(currentEnvironment()).toBe('local');
  });
  it("AUTH-11 AUTH-12 'enqueue' hosts are dev, others production, and the email rule follows", () => {
    expect(currentEnvironment('portal.enqueue.dev')).toBe('dev');
    expect(currentEnvironment('portal.enq.com')).toBe('production');
    expect(isValidEmailHere('dana+1@harborpinetax.com', 'portal.enqueue.dev')).toBe(true);
    expect(isValidEmailHere('dana+1@harborpinetax.com', 'portal.enq.com')).toBe(false);
  });
});
