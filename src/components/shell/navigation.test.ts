import { describe, expect, it } from 'vitest';
import { workspaceScreens } from '../../screens.ts';
import { navMenus } from './navigation.ts';

const entries = (menu: ReturnType<typeof navMenus>[keyof ReturnType<typeof navMenus>]) => menu.entries.map(({ label, to, resource }) => [label, to, resource]);

describe('the header menus, from the screens the features declare', () => {
  const menus = navMenus(workspaceScreens);

  it('lists the spec §2 entries in its order, each with its route and the resource that shows it', () => {
    expect(entries(menus.practice)).toEqual([
      ['Persons', '/practice/persons', '/person/persons'],
      ['Users', '/practice/users', '/person/users'],
      ['Practitioners', '/practice/practitioners', '/person/practitioners'],
      ['Contact Points', '/practice/contact-points', '/contactpoints/contact-points'],
      ['Locations', '/practice/locations', '/locations/locations'],
      ['Schedules', '/practice/schedules', '/schedule/schedule'],
      ['Issues', '/practice/issues', '/issues'],
      ['Insurances', '/practice/insurances', '/insurances'],
      ['Practice Teams', '/practice/teams', '/teams/teams'],
      ['Masked calls', '/practice/masked-calls', '/call_masking/sessions'],
      ['Telephony', '/practice/telephony', '/telephony/settings'],
      ['Web chat', '/practice/web-chat', '/chat/settings'],
      ['Workflows', '/workflows', '/workflows'],
    ]);
    expect(entries(menus.system)).toEqual([
      ['Teams Users', '/system/microsoft/teams/users', '/teamsbot/graph/users'],
      ['Teams', '/system/microsoft/teams/teams', '/teamsbot/graph/team'],
      ['Call Center Queues', '/system/call-center/queues', '/callcenter/queues'],
      ['Logs', '/system/logs', undefined],
      ['Roles', '/system/roles', '/permissions/roles'],
      ['API Keys', '/system/apikeys', '/permissions/apikeys'],
      ['Webhooks', '/system/webhooks', '/webhooks'],
    ]);
    expect(entries(menus.insights)).toEqual([
      ['Reporting', undefined, '/metrics/historic'],
      ['Real time metrics', undefined, '/metrics/realtime'],
      ['Call insights', '/insights', '/metrics/historic'],
    ]);
  });

  it('gives no two entries of a menu the same place, so a new screen cannot land among them by chance', () => {
    for (const name of ['practice', 'system', 'insights'] as const) {
      const orders = Object.values(workspaceScreens).flatMap((screen) => (screen.menu?.name === name ? [screen.menu.order] : []));
      expect(new Set(orders).size).toBe(orders.length);
    }
  });
});
