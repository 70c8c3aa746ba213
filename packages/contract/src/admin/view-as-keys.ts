// Apart from the texts and schemas: the portal's first load reads only these (lib/view-as-token.ts).
export const VIEW_AS_STORAGE_KEY = 'enqViewAs';
export const VIEW_AS_FRAGMENT = 'view-as';
