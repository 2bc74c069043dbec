import { describe, expect, it } from 'vitest';
import { isAllowed, permissionCatalogue } from '../../domain/permissions.ts';
import '../areas.ts';
import { defaultRoles } from './default-roles.ts';

describe('default roles (issue 40)', () => {
  it("the Practice Administrator's defaults hold every grant of every other default practice role", () => {
    const admin = defaultRoles.practiceAdministrator.resources;
    for (const [key, role] of Object.entries(defaultRoles)) {
      if (key === 'practiceAdministrator') continue;
      const missing = permissionCatalogue.flatMap((entry) =>
        entry.methods.filter((method) => isAllowed(role.resources, entry.resource, method) && !isAllowed(admin, entry.resource, method)).map((method) => `${method} ${entry.resource}`),
      );
      expect(missing, role.name).toEqual([]);
    }
  });

  it('the Practice Administrator may list the roles it gives', () => {
    expect(isAllowed(defaultRoles.practiceAdministrator.resources, '/permissions/roles', 'GET')).toBe(true);
  });
});
