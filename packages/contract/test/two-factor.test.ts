import { describe, expect, it } from 'vitest';
import {
  canonicalRecoveryCode,
  isRecoveryCode,
  totpCodeSchema,
  TWO_FACTOR_TEXT,
  twoFactorCodeSchema,
} from '../src/two-factor';

describe('two-factor codes', () => {
  it('TOTP-05 a code typed as apps show it ("123 456", a tab, a trailing space) is the six digits', () => {
    expect(totpCodeSchema.parse('123 456')).toBe('123456');
    expect(totpCodeSchema.parse(' 123\t456 ')).toBe('123456');
    expect(twoFactorCodeSchema.parse({ code: '654 321' })).toEqual({ code: '654321' });
  });

  it('TOTP-05 letters, five or seven digits are refused with the words that say what to enter', () => {
    for (const code of ['12a456', '12345', '1234567', '', '１２３４５６']) {
      const result = totpCodeSchema.safeParse(code);
      expect(result.success, code).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(TWO_FACTOR_TEXT.codeFormat);
    }
  });

  it('TOTP-03 recovery codes are read without case, spaces or the dash; look-alike letters are not codes', () => {
    expect(canonicalRecoveryCode('ABCDE-FGHJK')).toBe('abcdefghjk');
    expect(isRecoveryCode('abcde fghjk')).toBe(true);
    expect(isRecoveryCode('abcde-fghj0')).toBe(false);
    expect(isRecoveryCode('abcde-fghjkm')).toBe(false);
    expect(isRecoveryCode('123456')).toBe(false);
  });
});
