import { MESSAGES } from '@enq/contract';
import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { buttonClass } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';

const COPIED_MS = 2000;

/** A read-only value with a copy button (REF-01, REF-02); the toast says what was copied. */
export function CopyField({
  label,
  value,
  copiedMessage,
  mono = false,
}: {
  label: string;
  value: string;
  copiedMessage: string;
  mono?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      // navigator.clipboard is missing outside secure contexts; that is a failure like any other.
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(copiedMessage);
    } catch {
      // Leave the text selected so Ctrl+C still works.
      input.current?.select();
      toast.error(MESSAGES.genericError);
    }
  }

  return (
    <Field id={id} label={label}>
      {(aria) => (
        <div className="flex gap-2">
          <Input
            {...aria}
            ref={input}
            readOnly
            value={value}
            onFocus={(event) => event.currentTarget.select()}
            className={`min-w-0 flex-1 ${mono ? 'font-mono tracking-wider' : ''}`}
          />
          <button
            type="button"
            onClick={() => void copy()}
            aria-label={`Copy ${label.toLowerCase()}`}
            className={buttonClass('secondary', 'shrink-0')}
          >
            {copied ? (
              <Check aria-hidden="true" className="size-4 text-emerald-600" />
            ) : (
              <Copy aria-hidden="true" className="size-4" />
            )}
            {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
      )}
    </Field>
  );
}
