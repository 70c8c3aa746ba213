import {
  LINES_PDF_FILENAME,
  LINES_TEXT,
  LINES_VCF_FILENAME,
  contactCardUrl,
  errorEnvelopeSchema,
  isWellFormedPin,
  linesPinQuerySchema,
  normalisePinQuery,
} from '@enq/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderLinesPdf } from '../../../../../domain/pdf';
import { findPinHolder, listLineMarkets, type PinHolder, buildVcard } from '../../../../../domain/lines';
import { qrCodeSvg } from '../../../../../domain/qr-code';
import { DomainError } from '../../../../../domain/errors';
import { sendPrivateDownload } from '../private-download';

const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };
const security = [{ bearer: [] }];
const tags = ['lines'];
const file = (description: string) => ({ 200: z.any().meta({ description }), ...errors });

/**
 * The PDF page's downloads (API-29, API-30): its URLs are below /api/v1/account/lines (LINES_PATHS in
 * the contract), beside the Lines page's own GET /lines/, so they live in the lines folder.
 */
const lineDownloadsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Whose document: `pin` with its spaces removed, else the caller's own; 404 outside the account. */
  async function pinHolder(req: FastifyRequest<{ Querystring: { pin?: string } }>): Promise<PinHolder> {
    const raw = req.query.pin === undefined ? '' : normalisePinQuery(req.query.pin);
    if (raw !== '' && !isWellFormedPin(raw)) throw new DomainError('invalid', LINES_TEXT.pinMalformed, 'pin');
    const { accountId, personId, isAdmin } = req.principal!;
    const holder = await findPinHolder(
      app.database,
      { accountId: accountId!, personId, isAdmin },
      raw || null,
    );
    if (!holder) throw new DomainError('not-found', LINES_TEXT.pinNotFound, 'pin');
    return holder;
  }

  app.get(
    '/pdf',
    {
      schema: {
        tags,
        security,
        summary: 'The how-to-start PDF: name, PIN, how to dial and every line',
        querystring: linesPinQuerySchema,
        produces: ['application/pdf'],
        response: file('application/pdf'),
      },
    },
    async (req, reply) => {
      const holder = await pinHolder(req);
      const pdf = await renderLinesPdf(
        holder,
        await listLineMarkets(app.database),
        contactCardUrl(app.config.publicUrl, holder.pin),
      );
      return sendPrivateDownload(reply, 'application/pdf', LINES_PDF_FILENAME, pdf);
    },
  );

  app.get(
    '/vcf',
    {
      schema: {
        tags,
        security,
        summary: 'The enQ contact card (vCard 3.0): every enQ number, and the PIN in the note',
        querystring: linesPinQuerySchema,
        produces: ['text/vcard'],
        response: file('text/vcard'),
      },
    },
    async (req, reply) => {
      const holder = await pinHolder(req);
      const card = buildVcard(await listLineMarkets(app.database), holder.pin, holder.full_name);
      return sendPrivateDownload(reply, 'text/vcard; charset=utf-8', LINES_VCF_FILENAME, card);
    },
  );

  app.get(
    '/qr',
    {
      schema: {
        tags,
        security,
        summary: 'SVG QR code of the contact-card link `<public url>/contact-card?id=<PIN>`',
        querystring: linesPinQuerySchema,
        produces: ['image/svg+xml'],
        response: file('image/svg+xml'),
      },
    },
    async (req, reply) => {
      const holder = await pinHolder(req);
      const svg = await qrCodeSvg(contactCardUrl(app.config.publicUrl, holder.pin), { margin: 1 });
      return reply.type('image/svg+xml').header('cache-control', 'private, no-store').send(svg);
    },
  );
};

export default lineDownloadsRoutes;
