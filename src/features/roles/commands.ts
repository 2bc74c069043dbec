import { createCommand, recordPageCommand } from '../../palette/command-kinds.ts';
import type { Command } from '../../palette/types.ts';

/** A role's page: /system/roles/<id>. */
const rolePage = /^\/system\/roles\/([^/]+)$/;

/** Palette commands of the roles area (go-to entries come from the route list). */
export const commands: Command[] = [
  createCommand({ area: 'roles', noun: 'role', group: 'Roles', to: '/system/role/create', requires: { resource: '/permissions/roles', method: 'POST' }, keywords: ['permissions', 'policy'] }),
  // The role's page asks for confirmation (and shows a refusal) as its Delete button does.
  recordPageCommand({ id: 'roles.delete', label: 'Delete role', group: 'Roles', keywords: ['remove', 'permissions', 'policy'], requires: { resource: '/permissions/roles/{id}', method: 'DELETE' }, page: rolePage, to: (id) => `/system/roles/${id}?delete=1` }),
];
