import {
  API_ACCOUNT_BASE,
  maskPin,
  USERS_PATHS,
  type HoldMusic,
  type User,
  type UsersData,
} from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { holdMusicTracks } from '../hold-music';
import { getSubscriptionStatus } from '../subscription';
import { usersPageRows } from './users-repository';

/** The hold music catalogue as the page gets it: each track with the address of its audio. */
export async function holdMusicCatalogue(database: Transactional): Promise<HoldMusic[]> {
  return (await holdMusicTracks(database)).map((r) => ({
    name: r.name,
    value: r.value,
    url: `${API_ACCOUNT_BASE}${USERS_PATHS.holdMusicAudio(r.value)}`,
  }));
}

/** The whole users page: the admin, the sub-account users (oldest first), the catalogue, the flags. */
export async function getUsersData(database: Transactional, accountId: string): Promise<UsersData> {
  const [catalogue, status, people] = await Promise.all([
    holdMusicCatalogue(database),
    getSubscriptionStatus(database, accountId),
    usersPageRows(database, accountId),
  ]);
  const defaultHoldMusic = catalogue[0]?.value ?? '';
  const withDefault = (u: User): User => (u.hold_music ? u : { ...u, hold_music: defaultHoldMusic });
  const admin = people.admin ? withDefault(people.admin) : null;
  if (!admin) throw new Error(`account ${accountId} has no admin user`);
  return {
    admin_user: admin,
    users: people.users.map(withDefault),
    is_subscription_active: status.isActive,
    is_multi_user: status.multiUser,
    hold_music_list: catalogue,
    default_hold_music: defaultHoldMusic,
  };
}

/** How a person appears in the audit log: their PIN masked. */
export const auditView = (p: {
  full_name: string;
  email: string;
  pin: string | null;
  hold_music: string | null;
}) => ({
  full_name: p.full_name,
  email: p.email,
  pin_number: p.pin ? maskPin(p.pin) : null,
  hold_music: p.hold_music,
});
