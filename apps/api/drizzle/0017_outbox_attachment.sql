-- An email may carry one attachment, kept as a reference and rendered when it is sent (an invoice PDF:
-- {"kind":"invoice_pdf","account_id":…,"invoice_id":…}); issued invoices never change, so the file sent
-- later is the one that stood when the email was written.
ALTER TABLE "outbox" ADD COLUMN "attachment" jsonb;
