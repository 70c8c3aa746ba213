import type { UsersData } from '@enq/contract';

/** Test data for the users page's unit tests. */
export const music = [
  { name: 'Harbor Lights', value: 'harbor-lights', url: '/a.wav' },
  { name: 'Quiet Ledger', value: 'quiet-ledger', url: '/b.wav' },
];

export function usersData(count = 24, overrides: Partial<UsersData> = {}): UsersData {
  return {
    admin_user: {
      full_name: 'Dana Whitfield',
      email: 'dana@firm.com',
      pin_number: '100000',
      hold_music: 'quiet-ledger',
    },
    users: Array.from({ length: count }, (_, i) => ({
      full_name: `User ${String(i + 1).padStart(2, '0')}`,
      email: `user${i + 1}@firm.com`,
      pin_number: String(200000 + i),
      hold_music: 'harbor-lights',
    })),
    is_subscription_active: true,
    is_multi_user: true,
    hold_music_list: music,
    default_hold_music: 'harbor-lights',
    ...overrides,
  };
}
