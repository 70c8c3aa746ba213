import { PdfPage } from './pdf-page';

export function Component() {
  return <PdfPage />;
}
