// Apart from the schemas and zod: the portal's view-as banner reads these.
import { VIEW_AS_FRAGMENT } from './view-as-keys';

export * from './view-as-keys';

export const VIEW_AS_TTL_MINUTES = 15;

export const VIEW_AS_TEXT = {
  readOnly: 'Viewing as the customer is read-only.',
  banner: (account: string) => `Viewing ${account} as the customer — read-only`,
  end: 'End',
  noAdmin: 'This account has no admin to view as.',
  notFound: 'No such account.',
} as const;

/** The portal URL a view-as tab opens. */
export const viewAsUrl = (token: string, accountName: string) =>
  `/#${VIEW_AS_FRAGMENT}=${encodeURIComponent(token)}&account=${encodeURIComponent(accountName)}`;
