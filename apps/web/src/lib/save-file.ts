import { MESSAGES } from '@enq/contract';
import { toast } from './toast';
import { TOAST } from './toast-settings';

/** Hands a downloaded blob to the browser as a file save, and says so (SHELL-24: 2 s toast). */
export function saveFile({ blob, filename }: { blob: Blob; filename: string }): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the save in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  toast.success(MESSAGES.fileDownloaded, { autoClose: TOAST.downloadAutoCloseMs });
}
