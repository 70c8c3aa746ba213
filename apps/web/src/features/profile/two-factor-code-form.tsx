import { TWO_FACTOR_TEXT, canonicalCode, isCodeOrRecoveryCode } from '@enq/contract';
import { useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { ApiError } from '../../lib/api-client';

/** What the form hands on: the code as apps show it made canonical, and the password as typed. */
export interface TwoFactorAnswer {
  code: string;
  password: string;
}

type Problem = { field: 'code' | 'password'; message: string };

/** Where the server's refusal belongs: beside the password when it names it (or there is no code). */
function problemOf(error: Error | null, asksCode: boolean): Problem | null {
  if (!error) return null;
  const message = error.message.replace(/^(code|password): /, '');
  const onPassword = !asksCode || (error instanceof ApiError && error.field === 'password');
  return { field: onPassword ? 'password' : 'code', message };
}

/**
 * The current password and a code from the authenticator app, and the action they confirm (TOTP-07,
 * TOTP-08): "123 456" is taken as apps show it; letters or a wrong length are refused here with the
 * server's own words. With `password` the password is asked first (a token alone changes nothing,
 * issue 62); without `label` the password alone (turning on, before the QR code). With `recovery` a
 * recovery code is taken too (turning it off, TOTP-10).
 */
export function TwoFactorCodeForm({
  id,
  label,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
  password: asksPassword = false,
  danger = false,
  recovery = false,
}: {
  id: string;
  label?: ReactNode;
  submitLabel: string;
  pending: boolean;
  error: Error | null;
  onSubmit: (answer: TwoFactorAnswer) => void;
  onCancel: () => void;
  password?: boolean;
  danger?: boolean;
  recovery?: boolean;
}) {
  const asksCode = label !== undefined;
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const shown = problem ?? problemOf(error, asksCode);
  const errorOf = (field: Problem['field']) => (shown?.field === field ? shown.message : null);
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const canonical = canonicalCode(code);
        if (asksCode && (recovery ? !isCodeOrRecoveryCode(code) : !/^\d{6}$/.test(canonical)))
          return setProblem({
            field: 'code',
            message: recovery ? TWO_FACTOR_TEXT.codeOrRecoveryFormat : TWO_FACTOR_TEXT.codeFormat,
          });
        setProblem(null);
        onSubmit({ code: canonical, password });
      }}
    >
      {asksPassword ? (
        <Field
          id={`${id}-password`}
          label={TWO_FACTOR_TEXT.passwordLabel}
          error={errorOf('password')}
          announce
          className="w-full sm:w-56"
        >
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              maxLength={1024}
            />
          )}
        </Field>
      ) : null}
      {asksCode ? (
        <Field
          id={id}
          label={label}
          error={errorOf('code')}
          announce
          className={`w-full ${recovery ? 'sm:w-72' : 'sm:w-56'}`}
        >
          {(control) => (
            <Input
              {...control}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              inputMode={recovery ? 'text' : 'numeric'}
              autoComplete="one-time-code"
              maxLength={32}
              placeholder={recovery ? '123 456 or abcde-fghij' : '123 456'}
              spellCheck={false}
              className="font-mono tracking-widest"
            />
          )}
        </Field>
      ) : null}
      <div className={`flex gap-2 ${shown ? 'sm:mb-7' : ''}`}>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={pending}>
          {submitLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
