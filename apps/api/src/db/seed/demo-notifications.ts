import type { DemoSeeder } from './types';

const DAY_MS = 86_400_000;

interface Notice {
  accountId: string | null;
  title: string;
  text: string;
  link?: string;
  linkText?: string;
  dismissible?: boolean;
  priority: number;
  startsAt: Date;
  endsAt?: Date;
  createdAt: Date;
}

/**
 * Notices on the demo overview: one for every account (maintenance, not dismissible) and the practice's
 * own, at different priorities and ages so the ordering shows.
 */
export const seedDemoNotifications: DemoSeeder = async (tx, { accountId, now }) => {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const notices: Notice[] = [
    {
      accountId: null,
      title: 'Scheduled maintenance Sunday 2–3 AM EST',
      text:
        'Your lines keep working, but the account portal may be briefly unavailable while we upgrade ' +
        'our systems. No action is needed.',
      dismissible: false,
      priority: 30,
      startsAt: daysAgo(2),
      endsAt: new Date(now.getTime() + 12 * DAY_MS),
      createdAt: daysAgo(2),
    },
    {
      accountId,
      title: 'IRS Practitioner Priority Service hours extended for filing season',
      text:
        'The IRS has extended Practitioner Priority Service hours for filing season. Check the updated ' +
        'opening hours of each line before you plan your calls.',
      link: '/lines',
      linkText: 'See line hours',
      priority: 20,
      startsAt: daysAgo(6),
      createdAt: daysAgo(6),
    },
    {
      accountId,
      title: "New: download your team's contact cards",
      text:
        "Put every enQ line in your team's phones in one step: scan the QR code or download the " +
        'contact cards.',
      link: '/pdf',
      linkText: 'Get contact cards',
      priority: 10,
      startsAt: daysAgo(3),
      createdAt: daysAgo(3),
    },
    {
      accountId,
      title: 'Filing season resources',
      text: 'News, e-file guidance and practitioner tools from the IRS, collected in one place.',
      link: 'https://www.irs.gov/tax-professionals',
      linkText: 'IRS resources for tax professionals',
      priority: 10,
      startsAt: daysAgo(20),
      createdAt: daysAgo(20),
    },
  ];
  await tx.query(
    `insert into notifications (account_id, title, text, link, link_text, dismissible, priority, starts_at,
                                ends_at, created_at)
     select "accountId", title, text, link, "linkText", coalesce(dismissible, true), priority, "startsAt",
            "endsAt", "createdAt"
       from jsonb_to_recordset($1::jsonb) as n("accountId" uuid, title text, text text, link text,
            "linkText" text, dismissible boolean, priority int, "startsAt" timestamptz, "endsAt" timestamptz,
            "createdAt" timestamptz)`,
    [JSON.stringify(notices)],
  );
};
