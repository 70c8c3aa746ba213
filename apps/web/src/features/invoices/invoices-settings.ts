/** The invoices table pages in the page, 10 invoices a page (INV-02). */
export const INVOICES_PAGE_SIZE = 10;
/** The download's name when the answer names none (API-18). */
export const INVOICE_DEFAULT_FILENAME = 'invoice.pdf';
/** How often the list is asked again while a payment awaits the provider's answer (payment_pending). */
export const INVOICES_PENDING_POLL_MS = 3000;
