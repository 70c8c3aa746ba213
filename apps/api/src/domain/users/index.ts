// The users domain's entry: routes and other domain folders import from here, never a file inside.
export { holdMusicWav } from './hold-music-audio';
export { pinEmail } from './pin-email';
export { saveUsers } from './save-users';
export { parseUsersCsv, usersCsvTemplate } from './users-csv';
export { accountEmails, adminOf } from './users-repository';
export { getUsersData, holdMusicCatalogue } from './users-view';
export {
  addUsers,
  assertCanChangeUsers,
  auditPinEmails,
  changeAdminPin,
  changePins,
  pinEmailRecipients,
} from './users-service';
export type { UsersActor } from './users-service';
