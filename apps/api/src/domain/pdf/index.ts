// The pdf domain's entry: routes and other domain folders import from here, never a file inside.
export { renderInvoicePdf } from './invoice-pdf';
export { day, money } from './invoice-pdf-text';
export { renderLinesPdf } from './lines-pdf';
export { renderUsageSummaryPdf } from './usage-summary-pdf';
