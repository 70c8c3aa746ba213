// The admin domain's entry: routes and other domain folders import from here, never a file inside.
export { actionInvoices } from './account-actions-repository';
export { requireAccount } from './require-account';
export { addAccountNote, resendInvoiceEmail, setAccountTaxStatus } from './account-changes';
export { accountActivity, accountPage } from './account-page';
export { searchAccounts } from './accounts-search';
export { retryCharge } from './charge-retry';
export { adjustCredits } from './credit-adjustments';
export { noticesForConsole, publishNotice, withdrawNoticeAction } from './notices';
export { listPlanChoices } from './notices-repository';
export { addStaffMember, changeStaffRole, removeStaffMember, staffMembers } from './staff-members';
export { subscriptionOnBehalf } from './subscription-on-behalf';
export { viewAsCustomer } from './view-as';
export { pauseOnBehalf, resumeOnBehalf } from './pause-on-behalf';
export { collectionForConsole, collectionSettings, saveCollectionSetting } from './collection';
