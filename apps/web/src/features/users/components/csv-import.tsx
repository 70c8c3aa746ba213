import { MESSAGES, USERS_CSV_TEMPLATE_FILENAME, type CsvRowError, type UsersData } from '@enq/contract';
import { Download, FileUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { FileInput } from '../../../components/ui/file-input';
import { useDownloadCsvTemplate } from '../api/csv-template';
import { CsvUploadError, useUploadUsersCsv } from '../api/upload-users-csv';

/** Add users from a CSV file in the template's format (USR-27); the answer replaces the list. */
export function CsvImport({
  tracks,
  disabledReason,
  onImported,
}: {
  /** The hold-music tracks' names, as the file's hold_music column takes them. */
  tracks: string[];
  disabledReason: string | null;
  onImported: (data: UsersData) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<{ message: string; rows: CsvRowError[] } | null>(null);
  const template = useDownloadCsvTemplate();
  const upload = useUploadUsersCsv();
  const disabled = disabledReason !== null || upload.isPending;

  // saveFile says 'File downloaded successfully' (SHELL-24).
  const download = () => template.mutate(undefined, { onError: () => toast.error(MESSAGES.genericError) });
  const send = (chosen: File) => {
    setProblem(null);
    upload.mutate(chosen, {
      onSuccess: (data) => {
        setFile(null);
        if (input.current) input.current.value = '';
        onImported(data);
      },
      onError: (error) =>
        error instanceof CsvUploadError
          ? setProblem({ message: error.message, rows: error.rows })
          : toast.error(MESSAGES.genericError),
    });
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        Add users from a CSV file
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Download the template, fill in one user per row (full name, email and, optionally, a hold-music
        track), and upload it. Every user gets their own PIN. If any row has a problem, nobody is added and
        each problem is listed by row. The template's example row is never added.
      </p>
      {tracks.length > 0 ? (
        <p className="mt-1 text-sm text-slate-600">Hold-music tracks: {tracks.join(', ')}.</p>
      ) : null}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button variant="secondary" onClick={download} disabled={template.isPending}>
          <Download aria-hidden="true" className="size-4" />
          Download template ({USERS_CSV_TEMPLATE_FILENAME})
        </Button>
        <FileInput
          ref={input}
          id={`${id}-file`}
          label="CSV file of users"
          accept=".csv,text/csv"
          disabled={disabled}
          file={file}
          onChange={setFile}
        />
        <Button onClick={() => file && send(file)} disabled={disabled || !file} aria-busy={upload.isPending}>
          <FileUp aria-hidden="true" className="size-4" />
          Upload users
        </Button>
      </div>
      {disabledReason ? <p className="mt-2 text-sm text-slate-500">{disabledReason}</p> : null}
      {problem ? (
        <div
          role="alert"
          className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200 ring-inset"
        >
          <p className="font-semibold">{problem.message}</p>
          {problem.rows.length ? (
            <ul className="mt-1 max-h-48 list-disc overflow-y-auto pl-5">
              {problem.rows.map((r, i) => (
                <li key={i}>{r.message}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
