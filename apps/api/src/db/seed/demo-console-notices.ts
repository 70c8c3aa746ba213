import { DEMO_STAFF } from './demo-account';
import type { DemoSeeder } from './types';

const DAY_MS = 86_400_000;

/**
 * The operator console's notices (NOTICE-01..04): one scheduled for the annual plan and one withdrawn,
 * both published by the demo admin staff member with their trail entries. Neither shows on any
 * overview today, so the portal's demo notices stay as they are.
 */
export const seedDemoConsoleNotices: DemoSeeder = async (tx, { now }) => {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  const notices = [
    {
      title: 'Annual plans: your renewal summary is coming',
      text: 'Before your plan renews we will email a summary of the year’s usage and any rollover credits.',
      link: '/subscription',
      linkText: 'See your plan',
      planId: 'solo-annual',
      startsAt: at(5),
      createdAt: at(-1),
      withdrawnAt: null,
      reason: 'Renewal reminder for annual plans',
    },
    {
      title: 'Holiday support hours',
      text: 'Support answers by email only on public holidays.',
      link: null,
      linkText: null,
      planId: null,
      startsAt: at(-10),
      createdAt: at(-10),
      withdrawnAt: at(-8),
      reason: 'Holiday support announcement',
    },
  ];
  await tx.query(
    `with staff as (select id, email, staff_role from people where is_staff and lower(email) = lower($2)),
     added as (
       insert into notifications (title, text, link, link_text, plan_id, priority, starts_at, created_at,
                                  withdrawn_at, withdraw_reason, created_by)
       select n.title, n.text, n.link, n."linkText", n."planId", 40, n."startsAt", n."createdAt",
              n."withdrawnAt", case when n."withdrawnAt" is not null then 'Holidays are over' end,
              (select id from staff)
         from jsonb_to_recordset($1::jsonb) as n(title text, text text, link text, "linkText" text,
              "planId" text, "startsAt" timestamptz, "createdAt" timestamptz, "withdrawnAt" timestamptz,
              reason text)
       returning id, title, created_at, withdrawn_at)
     -- In time order, so the trail's ids (its newest-first order) follow the times.
     insert into staff_audit (at, staff_person_id, staff_email, staff_role, action, reason, request, result)
     select e.at, s.id, s.email, s.staff_role, e.action, e.reason, jsonb_build_object('title', a.title),
            jsonb_build_object('message', e.message)
       from added a
       join jsonb_to_recordset($1::jsonb) as n(title text, reason text) on n.title = a.title
       cross join staff s
       cross join lateral (values
         (a.created_at, 'notice.publish', n.reason, 'Notice “' || a.title || '” published.'),
         (a.withdrawn_at, 'notice.withdraw', 'Holidays are over', 'Notice “' || a.title || '” withdrawn.')
       ) as e(at, action, reason, message)
      where e.at is not null
      order by e.at`,
    [JSON.stringify(notices), DEMO_STAFF.email],
  );
};
