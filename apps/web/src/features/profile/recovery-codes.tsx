import { Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClass } from '../../components/ui/button';

/** The ten recovery codes, shown once (TOTP-07): Download keeps them in a file, Copy on the clipboard. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `enQ recovery codes\n\n${codes.join('\n')}\n`;
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Each code signs you in once if you lose your phone. They are shown only now: keep them somewhere safe.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1.5 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900 ring-1 ring-slate-200 sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <a className={buttonClass('secondary')} href={file} download="enq-recovery-codes.txt">
          <Download aria-hidden="true" className="size-4" />
          Download
        </a>
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          <Copy aria-hidden="true" className="size-4" />
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}
