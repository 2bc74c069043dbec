import { areaDocs } from '../../openapi/registry.ts';

/** Signing out (server/routes/auth/index.ts): no body. */
export const authDocs = areaDocs({
  'POST /auth/logout': { summary: 'Sign out: the token, and every token of its sign-in, is refused from now on', status: 204 },
});
