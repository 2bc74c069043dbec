import { defineArea } from '../../area.ts';
import { meRoutes } from './index.ts';
import { meDocs } from './openapi.ts';

/** The caller's own user and display settings (kept on the user: the users area's table). */
export const meArea = defineArea({
  name: 'me',
  mount: [{ path: '/me', app: meRoutes }],
  docs: meDocs,
});
