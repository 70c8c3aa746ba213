// The invoices domain's entry: routes and other domain folders import from here, never a file inside.
export { invoiceReceiptEmail, queueInvoiceReceipt } from './invoice-receipt';
export { findReceipt } from './invoices-view-repository';
export { invoiceDetail, listInvoiceDtos } from './invoices-view';
