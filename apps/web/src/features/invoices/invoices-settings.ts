/** The invoices table pages in the page, 10 invoices a page (INV-02). */
export const INVOICES_PAGE_SIZE = 10;
/** The download's name when the answer names none (API-18). */
export const INVOICE_DEFAULT_FILENAME = 'invoice.pdf';
