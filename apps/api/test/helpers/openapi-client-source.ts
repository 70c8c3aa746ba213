/**
 * A small client an outside developer could write against the types openapi-typescript generates from
 * the served document (`./api.ts` beside it): type-checked with the repository's compiler settings, then
 * run against the app. `mistakes` is never run: each line is an error the generated types must catch,
 * so a document too loose to type anything fails the check (an unused @ts-expect-error is an error).
 */
export const CLIENT_SOURCE = `
import createClient from 'openapi-fetch';
import type { components, paths } from './api';

type Fetch = (request: Request) => Promise<Response>;
type ErrorEnvelope = components['schemas']['Error'];
const baseUrl = 'http://localhost:8080';

export async function tour(fetch: Fetch, token: string, serviceKey: string, pin: string) {
  const account = createClient<paths>({ baseUrl, fetch, headers: { authorization: \`Bearer \${token}\` } });
  const me = await account.GET('/api/v1/auth/me');
  const email: string | undefined = me.data?.email;

  const list = await account.GET('/api/v1/account/invoices/');
  const invoiceId: string = list.data?.invoices[0]?.id ?? 'none';
  const pdf = await account.GET('/api/v1/account/invoices/download/', {
    params: { query: { invoice_id: invoiceId } },
    parseAs: 'arrayBuffer',
  });
  const missing = await account.GET('/api/v1/account/invoices/detail/', {
    params: { query: { invoice_id: 'no-such-invoice' } },
  });
  const refusal: ErrorEnvelope | undefined = missing.error;

  const template = await account.GET('/api/v1/account/users/get-csv-template/', { parseAs: 'text' });
  const upload = await account.POST('/api/v1/account/users/', {
    body: { file: \`\${template.data ?? ''}Tour Guide,tour.guide@harborpinetax.com,\\r\\n\` },
    bodySerializer(body) {
      const form = new FormData();
      form.append('file', new Blob([body.file], { type: 'text/csv' }), 'users.csv');
      return form;
    },
  });
  const added = upload.data?.users.find((user) => user.email === 'tour.guide@harborpinetax.com');

  const telephony = createClient<paths>({ baseUrl, fetch, headers: { 'x-service-key': serviceKey } });
  const record: components['schemas']['CallRecordInput'] = {
    call_uuid: 'client-tour-1',
    pin,
    call_timestamp: Math.floor(Date.now() / 1000) - 3600,
    destination: 'IRS Practitioner Priority Service',
    billed_duration: 60,
  };
  const batch = await telephony.POST('/api/v1/telephony/calls', { body: { calls: [record] } });
  const authorized = await telephony.GET('/api/v1/telephony/authorize', { params: { query: { pin } } });

  return {
    email,
    pdf: { type: pdf.response.headers.get('content-type'), start: new TextDecoder().decode(pdf.data?.slice(0, 5)) },
    refusal: { status: missing.response.status, code: refusal?.code, field: refusal?.field },
    added: added?.full_name ?? null,
    accepted: batch.data?.accepted ?? null,
    allowed: authorized.data?.allowed ?? null,
  };
}

export function mistakes(fetch: Fetch) {
  const client = createClient<paths>({ baseUrl, fetch });
  const incomplete = { call_uuid: 'x', call_timestamp: 1, destination: 'x', billed_duration: 1 };
  // @ts-expect-error a call record needs the caller's PIN
  void client.POST('/api/v1/telephony/calls', { body: { calls: [incomplete] } });
  // @ts-expect-error the invoice detail needs invoice_id
  void client.GET('/api/v1/account/invoices/detail/', { params: { query: {} } });
  // @ts-expect-error there is no such path
  void client.GET('/api/v1/account/no-such-thing/');
  // @ts-expect-error a plan change sends the plan, not a number
  void client.POST('/api/v1/account/subscription/change/', { body: { plan: 7 } });
  void client.GET('/api/v1/auth/me').then(({ data }) => {
    // @ts-expect-error who-am-I has no such field
    return data?.password;
  });
}
`;
