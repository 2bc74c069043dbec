import { defineArea, reads } from '../../area.ts';
import { authRoutes } from './index.ts';
import { authDocs } from './openapi.ts';

/** Signing out (the token's revocation). */
export const authArea = defineArea({
  name: 'auth',
  mount: [{ path: '/auth', app: authRoutes }],
  docs: authDocs,
  // A sign-out is about the user who signed out.
  audit: { Session: reads('/person/users/{id}') },
});
