import { referralDataSchema, referralEmailContent, referralLink } from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ensureReferralCode, accountName, listReferred } from '../../../../../domain/referral';

const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['referral'],
        summary:
          "The account's referral code (made on first request), link, share email and referred customers",
        response: { 200: referralDataSchema },
      },
    },
    async (req) => {
      const { accountId, fullName } = req.principal!;
      const [code, company, referred] = await Promise.all([
        ensureReferralCode(app.database, accountId!),
        accountName(app.database, accountId!),
        listReferred(app.database, accountId!),
      ]);
      const link = referralLink(app.config.sites.marketing, code);
      return {
        referralCode: code,
        referralLink: link,
        emailContent: referralEmailContent({ senderName: fullName, company: company ?? '', code, link }),
        referrals: referred.map((r) => ({
          company: r.company,
          signed_up_at: new Date(r.created_at).toISOString(),
          status: r.bonus_granted_at ? ('granted' as const) : ('pending' as const),
          bonus_granted_at: r.bonus_granted_at ? new Date(r.bonus_granted_at).toISOString() : null,
        })),
      };
    },
  );
};

export default referralRoutes;
