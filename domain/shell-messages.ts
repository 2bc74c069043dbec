/**
 * The texts the first screen needs (the shell, its not-found page, a failed request), apart from
 * the rest of `messages.ts`, which holds every text and includes these: the first screen's code
 * stays small (issue 25), and each text is still written once.
 */
export const shellMessages = {
  notFoundTitle: "Sorry we can't find that page or resource",
  notFoundHint: 'Please check your request again for accuracy',
  noRoute: 'No Route',
  serverError: 'Server Error',
  foreignAccount: 'You may not act in that account.',
  noPortalAccess: 'Your role does not grant access to the portal.',
} as const;
