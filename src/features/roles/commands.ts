import type { Command } from '../../palette/types.ts';

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
];
