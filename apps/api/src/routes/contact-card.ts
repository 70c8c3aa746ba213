import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Filled in by the lines area (issue 7): the public contact-card link the /pdf page's QR code encodes.
const contactCardRoutes: FastifyPluginAsyncZod = async () => {};

export default contactCardRoutes;
