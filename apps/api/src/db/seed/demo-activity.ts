import { maskPin } from '@enq/contract';
import { DEMO_SUB_USERS } from './demo-account';
import { DEMO_SERVICE_ADDRESS } from './demo-addresses';
import type { DemoSeeder } from './types';

const DAY = 24 * 60 * 60 * 1000;
const FORMER_EMPLOYEE_ID = '5d0c9f4e-7a61-4f3b-9c2e-0d6e1f2a3b4c';

/**
 * The demo's Users > Activity: a few weeks of changes by the admin and one user, so the view, its
 * filters and its CSV have something to show on first start (ACT-01). PINs are masked, as the log keeps them.
 */
export const seedDemoActivity: DemoSeeder = async (tx, demo) => {
  // Priya, the demo's first user (demo-account.ts).
  const people = await tx.query<{
    id: string;
    full_name: string;
    email: string;
    pin: string;
    hold_music: string;
  }>(
    `select id, full_name, email, coalesce(pin, '') as pin, coalesce(hold_music, '') as hold_music
       from people where account_id = $1 and email = any($2::text[]) order by array_position($2::text[], email)`,
    [demo.accountId, [DEMO_SUB_USERS[0]!.email]],
  );
  const [first] = people;
  const at = (days: number, hours: number) => new Date(demo.now.getTime() - days * DAY - hours * 3600_000);
  const person = (p: NonNullable<typeof first>) => ({
    full_name: p.full_name,
    email: p.email,
    pin_number: maskPin(p.pin),
    hold_music: p.hold_music,
  });
  const entries: [Date, string | null, string, string | null, unknown, unknown][] = [
    [
      at(26, 3),
      demo.adminId,
      'subscription.change_scheduled',
      null,
      { scheduled_plan: null },
      { scheduled_plan: 'Firm monthly' },
    ],
    [
      at(25, 6),
      demo.adminId,
      'subscription.change_undone',
      null,
      { scheduled_plan: 'Firm monthly' },
      { scheduled_plan: null },
    ],
    [
      at(19, 2),
      demo.adminId,
      'billing.address_update',
      null,
      { billing_address: { ...DEMO_SERVICE_ADDRESS, line2: 'Suite 200' } },
      { billing_address: DEMO_SERVICE_ADDRESS },
    ],
  ];
  if (first) {
    // Added with the PIN she had before the change nine days ago, which gave her today's.
    const earlierPin = maskPin(String((Number(first.pin) + 4_137) % 1_000_000).padStart(6, '0'));
    entries.push([
      at(12, 4),
      demo.adminId,
      'user.added',
      first.id,
      null,
      { ...person(first), pin_number: earlierPin },
    ]);
    entries.push([
      at(9, 1),
      demo.adminId,
      'user.pin_changed',
      first.id,
      { pin_number: earlierPin },
      { pin_number: maskPin(first.pin) },
    ]);
    entries.push([
      at(5, 5),
      first.id,
      'profile.update',
      first.id,
      { phone_number: '' },
      { phone_number: '+12075550187' },
    ]);
  }
  // A former employee, removed: the log keeps their name and masked PIN.
  entries.push([
    at(2, 2),
    demo.adminId,
    'user.removed',
    FORMER_EMPLOYEE_ID,
    {
      full_name: 'Owen Fairley',
      email: 'owen.fairley@harborpinetax.com',
      pin_number: '••4431',
      hold_music: '',
    },
    null,
  ]);
  await tx.query(
    `insert into audit_log (account_id, at, actor_person_id, action, target_person_id, before, after)
     select $1::uuid, e.at, e.actor::uuid, e.action, e.target::uuid, e.before, e.after
       from jsonb_to_recordset($2::jsonb) as e(at timestamptz, actor text, action text, target text, before jsonb, after jsonb)`,
    [
      demo.accountId,
      JSON.stringify(
        entries.map(([when, actor, action, target, before, after]) => ({
          at: when,
          actor,
          action,
          target,
          before,
          after,
        })),
      ),
    ],
  );
};
