import type { Command } from '../../palette/types.ts';

const userPage = /^\/practice\/users\/([^/]+)$/;

/** Palette commands of the users area (go-to entries come from the route list). */
export const commands: Command[] = [
  {
    id: 'users.edit',
    label: 'Edit user',
    group: 'Users',
    keywords: ['change', 'role', 'email', 'principal'],
    requires: { resource: '/person/users/{id}', method: 'PATCH' },
    isVisible: (_policy, { pathname }) => userPage.test(pathname),
    run: (ctx) => {
      const id = userPage.exec(ctx.pathname)?.[1];
      if (id) ctx.navigate(`/practice/users/edit/${id}`);
    },
  },
];
