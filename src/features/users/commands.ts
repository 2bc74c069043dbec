import { recordPageCommand } from '../../palette/command-kinds.ts';
import type { Command } from '../../palette/types.ts';

const userPage = /^\/practice\/users\/([^/]+)$/;

/** Palette commands of the users area (go-to entries come from the route list). */
export const commands: Command[] = [
  recordPageCommand({ id: 'users.edit', label: 'Edit user', group: 'Users', keywords: ['change', 'role', 'email', 'principal'], requires: { resource: '/person/users/{id}', method: 'PATCH' }, page: userPage, to: (id) => `/practice/users/edit/${id}` }),
];
