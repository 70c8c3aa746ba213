import { AUTHENTICATION_TEXT, INVOICE_TEXT, payLinkPath } from '@enq/contract';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { billingData } from '../../test/billing-data';
import { jsonResponse } from '../../test/utils';
import { BASE, fakeApi, renderInvoicesPage } from './invoice-fixtures';

const api = fakeApi();

/** The Invoices page as the sandbox's bank page sends the cardholder back to it. */
async function backFromTheBank(status: 'succeeded' | 'failed') {
  window.history.replaceState(null, '', `${payLinkPath('in_1')}&redirect_status=${status}`);
  api.routes['GET /api/v1/account/billing/'] = () => jsonResponse(billingData({ last_invoice_paid: false }));
  api.routes[`POST ${BASE}/pay/`] = () => jsonResponse({ message: INVOICE_TEXT.paid });
  await renderInvoicesPage(api);
}

describe("the pay link's page, back from the bank's step", () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('a completed step is finished at once with Pay now on the invoice', async () => {
    await backFromTheBank('succeeded');
    await waitFor(() => expect(api.payCalls()).toHaveLength(1));
    expect(JSON.parse(String(api.payCalls()[0]![1]!.body))).toEqual({ invoice_id: 'in_1' });
    expect(window.location.search).toBe('?pay=in_1');
  });

  it('a failed step is told, and not paid again (the provider may have declined that attempt already)', async () => {
    const error = vi.spyOn(toast, 'error');
    await backFromTheBank('failed');
    await waitFor(() => expect(error).toHaveBeenCalledWith(AUTHENTICATION_TEXT.failed));
    expect(window.location.search).toBe('?pay=in_1');
    expect(api.payCalls()).toHaveLength(0);
  });
});
