import { describe, expect, it } from 'vitest';
import { emailKey, isValidEmail } from '../src';

describe('emailKey: one key for every way of writing one email', () => {
  it.each([
    ['long s ſ', 'ſam.ortiz@lakeſidebooks.com'],
    ['Kelvin sign K (U+212A)', 'sam.ortiz@la\u212Aesidebooks.com'],
    ['full-width letters, dot and at-sign', 'ｓａｍ．ｏｒｔｉｚ＠ｌａｋｅｓｉｄｅｂｏｏｋｓ．ｃｏｍ'],
    ['capitals and surrounding spaces', '  Sam.Ortiz@LakesideBooks.COM '],
  ])('%s folds to the ASCII email', (_name, typed) => {
    expect(emailKey(typed)).toBe('sam.ortiz@lakesidebooks.com');
  });

  it('leaves the dotted capital İ (U+0130) as a key no stored email has', () => {
    // PostgreSQL's lower() makes it `i`, JavaScript's toLowerCase `i̇`: the key must match neither way.
    const key = emailKey('dana.whİtfield@harborpinetax.com');
    expect(key).not.toBe('dana.whitfield@harborpinetax.com');
    expect(isValidEmail(key, 'local')).toBe(false);
  });
});
