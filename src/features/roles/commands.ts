import type { Command } from '../../palette/types.ts';

/** A role's page: /system/roles/<id>. */
const rolePage = /^\/system\/roles\/([^/]+)$/;

/** Palette commands of the roles area (go-to entries come from the route list). */
export const commands: Command[] = [
  {
    id: 'roles.create',
    label: 'Create role',
    group: 'Roles',
    keywords: ['add', 'new', 'permissions', 'policy'],
    requires: { resource: '/permissions/roles', method: 'POST' },
    run: (ctx) => ctx.navigate('/system/role/create'),
  },
  {
    id: 'roles.delete',
    label: 'Delete role',
    group: 'Roles',
    keywords: ['remove', 'permissions', 'policy'],
    requires: { resource: '/permissions/roles/{id}', method: 'DELETE' },
    isVisible: (_policy, { pathname }) => rolePage.test(pathname),
    // The role's page asks for confirmation (and shows a refusal) as its Delete button does.
    run: (ctx) => {
      const id = rolePage.exec(ctx.pathname)?.[1];
      if (id) ctx.navigate(`/system/roles/${id}?delete=1`);
    },
  },
];
