import { featureRequestFormUrl, featureRequestResponseSchema, formatPhoneForDisplay } from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readProfile } from '../../../../../domain/profile';

const featureRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['feature-request'],
        summary: 'The feature-request form address, prefilled with the profile email, phone and names',
        response: { 200: featureRequestResponseSchema },
      },
    },
    async (req) => {
      const profile = await readProfile(app.database, req.principal!.personId);
      return {
        form_url: featureRequestFormUrl(app.config.sites.featureRequestForm, {
          email: profile?.email ?? req.principal!.email,
          // Prefilled as Profile shows it, not as stored (E.164): one way of writing a number.
          phone: profile?.phone_number ? formatPhoneForDisplay(profile.phone_number) : undefined,
          first_name: profile?.first_name,
          last_name: profile?.last_name,
        }),
      };
    },
  );
};

export default featureRequestRoutes;
