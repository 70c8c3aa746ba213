import { HOW_TO_DIAL, LINES_TEXT, MESSAGES, TEAM_INSTRUCTIONS } from '@enq/contract';
import {
  Download,
  FileText,
  LoaderCircle,
  QrCode,
  RotateCw,
  Smartphone,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Link } from '../../lib/router';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { PageSkeleton } from '../../components/ui/page-skeletons';
import { PageHeader } from '../../components/ui/page-header';
import { useDownloadContactCard } from './api/download-contact-card';
import { useDownloadLinesPdf } from './api/download-lines-pdf';
import { useContactCardQr } from './api/get-contact-card-qr';
import { useOwnPin } from './api/get-own-pin';

const card = 'rounded-xl bg-white p-6 shadow-xs ring-1 ring-slate-200';
const failed = () => toast.error(MESSAGES.genericError);

/** An ordered list whose numbers are drawn as round badges (the list's own numbering is for readers). */
function NumberedSteps({
  steps,
  className,
  item = '',
  number,
}: {
  steps: readonly string[];
  className: string;
  item?: string;
  number: string;
}) {
  return (
    <ol className={`text-sm text-slate-700 ${className}`}>
      {steps.map((step, i) => (
        <li key={step} className={`flex gap-3 ${item}`}>
          <span
            aria-hidden="true"
            className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${number}`}
          >
            {i + 1}
          </span>
          <span className="pt-0.5">{step}</span>
        </li>
      ))}
    </ol>
  );
}

/** A download button (spinner while it runs, the generic error toast if it fails) and its note. */
function DownloadAction({
  className,
  download,
  pin,
  icon: Icon,
  label,
  note,
}: {
  className: string;
  download: { mutate: (pin: string, o: { onError: () => void }) => void; isPending: boolean };
  pin: string;
  icon: LucideIcon;
  label: string;
  note: string;
}) {
  return (
    <div className={`${className} flex flex-wrap items-center gap-3 border-t border-slate-100 pt-5`}>
      <Button
        onClick={() => download.mutate(pin, { onError: failed })}
        disabled={download.isPending}
        aria-busy={download.isPending}
      >
        {download.isPending ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Icon aria-hidden="true" className="size-4" />
        )}
        {label}
      </Button>
      <span className="text-sm text-slate-600">{note}</span>
    </div>
  );
}

export function PdfPage() {
  const pin = useOwnPin();
  return (
    <div className="space-y-6">
      <PageHeader path="/pdf" />
      {pin.isPending ? (
        <PageSkeleton path="/pdf" label="Loading your PIN" />
      ) : pin.isError ? (
        <LoadError onRetry={() => void pin.refetch()} />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <PinAndGuide pin={pin.data} />
            <ContactCards pin={pin.data} />
          </div>
          <TeamInstructions />
        </>
      )}
    </div>
  );
}

/** PDF-01 the PIN in full (it is the person's own document); PDF-02 'How to start' downloads the PDF. */
function PinAndGuide({ pin }: { pin: string }) {
  const download = useDownloadLinesPdf();
  return (
    <section aria-labelledby="pin-heading" className={`${card} flex flex-col`}>
      <h2 id="pin-heading" className="text-lg font-semibold text-slate-900">
        Your PIN
      </h2>
      <p
        data-testid="own-pin"
        className="mt-3 w-fit rounded-lg bg-brand-50 px-4 py-2 font-mono text-3xl font-semibold tracking-[0.2em] text-brand-700"
      >
        {pin}
      </p>
      <p className="mt-2 text-sm text-slate-600">
        Keep it private: calls made with it are billed to your account.
      </p>
      <h3 className="mt-6 text-sm font-semibold text-slate-900">How a call works</h3>
      <NumberedSteps steps={HOW_TO_DIAL} className="mt-2 mb-6 space-y-2" number="bg-brand-600 text-white" />
      <DownloadAction
        className="mt-auto"
        download={download}
        pin={pin}
        icon={FileText}
        label={LINES_TEXT.howToStart}
        note="A printable PDF with your PIN and every enQ number."
      />
    </section>
  );
}

/** PDF-03 the QR code of the contact-card link; PDF-05 'Download Contact Cards' downloads the vCard. */
function ContactCards({ pin }: { pin: string }) {
  const qr = useContactCardQr();
  const download = useDownloadContactCard();
  return (
    <section aria-labelledby="cards-heading" className={`${card} flex flex-col`}>
      <h2 id="cards-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Smartphone aria-hidden="true" className="size-5 text-brand-600" />
        Phone contact cards
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Scan the code with your phone&apos;s camera to save every enQ number as one contact, labelled by
        department, with your PIN in its notes.
      </p>
      <div className="mt-4 flex flex-1 items-center justify-center">
        <div className="flex size-48 items-center justify-center rounded-xl bg-white p-2 ring-1 ring-slate-200">
          {qr.isPending ? (
            <div role="status" aria-label="Loading QR code" className="flex flex-col items-center gap-2">
              <QrCode aria-hidden="true" className="size-10 animate-pulse text-slate-300" />
            </div>
          ) : qr.isError ? (
            <div role="alert" className="flex flex-col items-center gap-2 text-center text-sm text-slate-600">
              The QR code could not be loaded.
              <Button variant="secondary" onClick={() => void qr.refetch()}>
                <RotateCw aria-hidden="true" className="size-4" />
                Retry
              </Button>
            </div>
          ) : (
            <img
              src={qr.data}
              alt="QR code: scan to save the enQ numbers and your PIN to your phone"
              className="size-full"
            />
          )}
        </div>
      </div>
      <DownloadAction
        className="mt-5"
        download={download}
        pin={pin}
        icon={Download}
        label={LINES_TEXT.downloadContactCards}
        note="Or open the downloaded card on your phone."
      />
    </section>
  );
}

/** PDF-06 how to share enQ with sub-account users. */
function TeamInstructions() {
  return (
    <section aria-labelledby="team-heading" className={card}>
      <h2 id="team-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Users aria-hidden="true" className="size-5 text-brand-600" />
        {TEAM_INSTRUCTIONS.title}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{TEAM_INSTRUCTIONS.intro}</p>
      <NumberedSteps
        steps={TEAM_INSTRUCTIONS.steps}
        className="mt-4 grid grid-cols-1 gap-3 md:grid-cols-2"
        item="rounded-lg bg-slate-50 p-3"
        number="bg-slate-200 text-slate-700"
      />
      <Link
        to="/users"
        className="focus-ring mt-4 inline-flex rounded text-sm font-semibold text-brand-700 underline underline-offset-2 hover:no-underline"
      >
        Manage users and PINs
      </Link>
    </section>
  );
}
