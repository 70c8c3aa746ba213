import { SPEND_TEXT } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, type TestContext } from '../../../../../helpers/app';
import { waitFor } from '../../../../../helpers/portal-database';
import { startSmtp, type LocalSmtp } from '../../../../../helpers/smtp-server';
import {
  TEAM_CC,
  ledgerSpend,
  postCalls,
  spendControlApp,
  type Member,
} from '../../../../../helpers/spend-control';

describe.each(drivers)('a spend alert delivered by SMTP (%s)', (driver) => {
  let ctx: TestContext;
  let admin: Member;
  let smtp: LocalSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    ({ ctx, admin } = await spendControlApp(driver, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'enQ Billing <billing@enq.test>',
      JOB_POLL_SECONDS: '0.5',
    }));
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('SPEND-04 the 80% alert reaches the admin and the billing CC by SMTP, within seconds of the crossing batch', async () => {
    for (let i = 0; ; i++) {
      expect(i).toBeLessThan(40);
      await postCalls(ctx, admin.pin, [3_600]);
      const s = await ledgerSpend(ctx, admin.accountId);
      if (s.included * 100 >= 80 * s.granted) break;
    }
    const subject = SPEND_TEXT.alertSubject(SPEND_TEXT.percentAlert(80));
    // The demo practice's history sent its own alerts too: this account's are those to its addresses.
    const toOf = (m: LocalSmtp['received'][number]) =>
      (m.to && !Array.isArray(m.to) ? m.to.value[0]!.address : undefined) ?? '';
    const ours = [admin.email, TEAM_CC];
    const alerts = () => smtp.received.filter((m) => m.subject === subject && ours.includes(toOf(m)));
    await waitFor('the 80% alert delivered', 20_000, async () => alerts().length >= 2);
    expect(alerts().map(toOf).sort()).toEqual([...ours].sort());
    expect(alerts()[0]!.text).toContain(SPEND_TEXT.percentAlert(80));
  }, 60_000);
});
