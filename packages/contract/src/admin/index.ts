export * from './staff';
export * from './staff-schemas';
export * from './accounts';
export * from './account-actions';
export * from './catalogue';
export * from './notices';
export * from './staff-members';
export * from './view-as';
