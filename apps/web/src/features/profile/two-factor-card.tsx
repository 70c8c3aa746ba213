import { formatDate, TWO_FACTOR_TEXT, type TwoFactorEnrolment } from '@enq/contract';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { useConfirmTwoFactor } from './api/confirm-two-factor';
import { useDisableTwoFactor } from './api/disable-two-factor';
import { useRegenerateRecoveryCodes } from './api/regenerate-recovery-codes';
import { useStartTwoFactor } from './api/start-two-factor';
import { useTwoFactorStatus } from './api/two-factor-status';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorCodeForm } from './two-factor-code-form';

type Step =
  | { name: 'idle' }
  | { name: 'password' }
  | { name: 'setup'; enrolment: TwoFactorEnrolment }
  | { name: 'codes'; codes: string[] }
  | { name: 'off' }
  | { name: 'regenerate' };

/**
 * "Two-factor sign-in" on /profile (TOTP-07): optional for customers. Turn on asks the current
 * password, then shows a QR code and the key, a first code confirms it and the recovery codes are shown
 * once; new recovery codes ask the password and a current code, Turn off the password and a current
 * code or a recovery code (TOTP-10). A token alone changes nothing (issue 62).
 */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const reset = () => {
    [start, confirm, disable, regenerate].forEach((m) => m.reset());
    setStep({ name: 'idle' });
  };
  if (!status.data) return null;
  const { enabled, enabled_at, recovery_codes_left } = status.data;

  let description: string;
  if (step.name === 'password') description = TWO_FACTOR_TEXT.passwordStep;
  else if (step.name === 'setup')
    description = 'Scan the QR code with your authenticator app, then enter the code it shows.';
  else if (step.name === 'codes') description = 'On. Save these recovery codes before you leave this page.';
  else if (enabled)
    description = `On since ${formatDate(enabled_at)}. ${recovery_codes_left} of 10 recovery codes left.`;
  else
    description =
      'Off. Ask for a code from an authenticator app each time you sign in, as well as your password.';

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="space-y-1">
          <h2
            id="two-factor-heading"
            className="flex items-center gap-2 text-lg font-semibold text-slate-900"
          >
            Two-factor sign-in
            {enabled ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-200">
                <ShieldCheck aria-hidden="true" className="size-3.5" />
                On
              </span>
            ) : null}
          </h2>
          <p className="text-sm text-slate-600">{description}</p>
        </div>
        {step.name === 'idle' && !enabled ? (
          <Button onClick={() => setStep({ name: 'password' })}>Turn on</Button>
        ) : null}
        {step.name === 'idle' && enabled ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setStep({ name: 'regenerate' })}>
              Regenerate recovery codes
            </Button>
            <Button variant="secondary" onClick={() => setStep({ name: 'off' })}>
              Turn off
            </Button>
          </div>
        ) : null}
      </div>

      {step.name === 'password' ? (
        <TwoFactorCodeForm
          id="two-factor-start"
          password
          submitLabel="Continue"
          pending={start.isPending}
          error={start.error}
          onCancel={reset}
          onSubmit={({ password }) =>
            start.mutate(password, { onSuccess: (enrolment) => setStep({ name: 'setup', enrolment }) })
          }
        />
      ) : null}

      {step.name === 'setup' ? (
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <img
            src={step.enrolment.qr_code}
            alt="QR code to add enQ to your authenticator app"
            className="size-44 shrink-0 rounded-lg ring-1 ring-slate-200"
          />
          <div className="min-w-0 space-y-4">
            <div>
              <p className="text-sm text-slate-600">Cannot scan? Enter this key in your app:</p>
              <p
                data-testid="two-factor-secret"
                className="mt-1 font-mono text-sm tracking-wider break-all text-slate-900"
              >
                {step.enrolment.secret.replace(/(.{4})(?=.)/g, '$1 ')}
              </p>
              <p className="mt-1 text-sm text-slate-600">
                On this phone?{' '}
                <a className="font-medium text-brand-700 underline" href={step.enrolment.otpauth_uri}>
                  Open in your authenticator app
                </a>
              </p>
            </div>
            <TwoFactorCodeForm
              id="two-factor-confirm"
              label="Code from your app"
              submitLabel="Confirm"
              pending={confirm.isPending}
              error={confirm.error}
              onCancel={reset}
              onSubmit={({ code }) =>
                confirm.mutate(code, {
                  onSuccess: ({ recovery_codes }) => setStep({ name: 'codes', codes: recovery_codes }),
                })
              }
            />
          </div>
        </div>
      ) : null}

      {step.name === 'codes' ? <RecoveryCodes codes={step.codes} onDone={reset} /> : null}

      {step.name === 'off' ? (
        <TwoFactorCodeForm
          id="two-factor-off"
          label="Current code or a recovery code, to turn it off"
          submitLabel="Turn off"
          password
          danger
          recovery
          pending={disable.isPending}
          error={disable.error}
          onCancel={reset}
          onSubmit={(answer) =>
            disable.mutate(answer, {
              onSuccess: (answer) => {
                toast.success(answer.message ?? TWO_FACTOR_TEXT.turnedOff);
                reset();
              },
            })
          }
        />
      ) : null}

      {step.name === 'regenerate' ? (
        <TwoFactorCodeForm
          id="two-factor-regenerate"
          label="Current code, for new recovery codes"
          submitLabel="Make new codes"
          password
          pending={regenerate.isPending}
          error={regenerate.error}
          onCancel={reset}
          onSubmit={(answer) =>
            regenerate.mutate(answer, {
              onSuccess: ({ recovery_codes, message }) => {
                toast.success(message);
                setStep({ name: 'codes', codes: recovery_codes });
              },
            })
          }
        />
      ) : null}
    </div>
  );
}
