import { TWO_FACTOR_TEXT, canonicalCode, isCodeOrRecoveryCode } from '@enq/contract';
import { useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';

/**
 * A code from the authenticator app, and the action it confirms (TOTP-07, TOTP-08): "123 456" is taken
 * as apps show it; letters or a wrong length are refused here with the server's own words. With
 * `recovery` a recovery code is taken too (turning it off, TOTP-10).
 */
export function TwoFactorCodeForm({
  id,
  label,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
  danger = false,
  recovery = false,
}: {
  id: string;
  label: ReactNode;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
  onCancel: () => void;
  danger?: boolean;
  recovery?: boolean;
}) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const canonical = canonicalCode(code);
        if (recovery ? !isCodeOrRecoveryCode(code) : !/^\d{6}$/.test(canonical))
          return setProblem(recovery ? TWO_FACTOR_TEXT.codeOrRecoveryFormat : TWO_FACTOR_TEXT.codeFormat);
        setProblem(null);
        onSubmit(canonical);
      }}
    >
      <Field
        id={id}
        label={label}
        error={shown}
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
