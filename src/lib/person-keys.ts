/**
 * Query keys of persons, users and practitioners. They live below the three features because a
 * write in one changes what the others show (making a practitioner flips the persons list's
 * Practitioner column), so each feature's mutations invalidate the others' keys. The account
 * comes first in every key (switching accounts clears them all).
 */
export const personKeys = {
  all: (account: string) => [account, 'persons'] as const,
  lists: (account: string) => [account, 'persons', 'list'] as const,
  list: (account: string, query: object) => [account, 'persons', 'list', query] as const,
  detail: (account: string, id: string) => [account, 'persons', 'detail', id] as const,
};

export const userKeys = {
  all: (account: string) => [account, 'users'] as const,
  lists: (account: string) => [account, 'users', 'list'] as const,
  list: (account: string, query: object) => [account, 'users', 'list', query] as const,
  detail: (account: string, id: string) => [account, 'users', 'detail', id] as const,
};

export const practitionerKeys = {
  all: (account: string) => [account, 'practitioners'] as const,
  lists: (account: string) => [account, 'practitioners', 'list'] as const,
  list: (account: string, query: object) => [account, 'practitioners', 'list', query] as const,
  detail: (account: string, id: string) => [account, 'practitioners', 'detail', id] as const,
  photo: (account: string, id: string, version: string) => [account, 'practitioners', 'photo', id, version] as const,
};
