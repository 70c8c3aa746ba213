// The account-changes domain's entry: routes and other domain folders import from here, never a file inside.
export { SNAPSHOT_COLUMN } from './account-changes-repository';
export { KeptAnswers } from './kept-answers';
