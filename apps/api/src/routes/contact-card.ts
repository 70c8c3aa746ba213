import {
  LINES_TEXT,
  LINES_VCF_FILENAME,
  CONTACT_CARD_PATH,
  contactCardQuerySchema,
  errorEnvelopeSchema,
  isWellFormedPin,
  normalisePinQuery,
} from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listLineMarkets, buildVcard } from '../domain/lines';
import { DomainError } from '../domain/errors';

/**
 * The public link the /pdf page's QR code encodes: a phone scanning it gets the enQ contact card with the
 * PIN in its note. No token and no lookup: every well-formed id answers the same card, so the link tells
 * nobody whether a PIN exists; only the normalised digits reach the file.
 */
const contactCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    CONTACT_CARD_PATH,
    {
      schema: {
        tags: ['lines'],
        summary: 'The enQ contact card for the PIN in `id` (public)',
        querystring: contactCardQuerySchema,
        produces: ['text/vcard'],
        response: {
          200: z.any().meta({ description: 'text/vcard' }),
          400: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const pin = normalisePinQuery(req.query.id);
      if (!isWellFormedPin(pin)) throw new DomainError('invalid', LINES_TEXT.contactCardInvalid, 'id');
      const card = buildVcard(await listLineMarkets(app.database), pin);
      return reply
        .type('text/vcard; charset=utf-8')
        .header('content-disposition', `attachment; filename="${LINES_VCF_FILENAME}"`)
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .send(card);
    },
  );
};

export default contactCardRoutes;
