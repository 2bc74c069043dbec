import { createStore, Provider } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AccessPolicy } from '../../../domain/api.ts';
import { grantAll } from '../../../domain/permissions.ts';
import { policyAtom } from '../../state/account.ts';
import { missingGrant } from '../../lib/policy.ts';
import { Permitted } from './permitted.tsx';

const policy = (resources: AccessPolicy['resources'], instanceAdmin = false): AccessPolicy => ({
  accountId: 'a',
  accountName: 'Riverside',
  instanceAdmin,
  role: 'Read Only',
  resources,
  homeAccountId: 'a',
  user: { id: 'u', name: 'Victor Chen', email: 'viewer@astera.test' },
  assumedAccounts: [],
});
const readOnly = policy(grantAll(() => true, ['GET']));
const writer = policy(grantAll());

function render(current: AccessPolicy | null, whenDenied?: 'hide' | 'disable') {
  const store = createStore();
  store.set(policyAtom, current);
  return renderToStaticMarkup(
    <Provider store={store}>
      <Permitted requires={{ resource: '/person/persons', method: 'POST' }} whenDenied={whenDenied}>
        <button type="button">Add Person</button>
      </Permitted>
    </Provider>,
  );
}

describe('one way to ask "may I?"', () => {
  it('names the missing grant by the catalogue’s human name', () => {
    expect(missingGrant({ resource: '/person/persons', method: 'POST' })).toBe('Needs POST on Persons');
    expect(missingGrant({ resource: '/person/persons/{id}', method: 'PATCH' })).toBe('Needs PATCH on Individual person');
  });

  it('the guard shows the control to a role with the grant, hides it from others', () => {
    expect(render(writer)).toBe('<button type="button">Add Person</button>');
    expect(render(policy({}, true))).toBe('<button type="button">Add Person</button>');
    expect(render(readOnly)).toBe('');
    // Before the policy has loaded nothing is offered.
    expect(render(null)).toBe('');
  });

  it('in disable mode the control stays, disabled, with the missing grant as tooltip and description', () => {
    const html = render(readOnly, 'disable');
    expect(html).toContain('title="Needs POST on Persons"');
    expect(html).toMatch(/<button type="button" disabled="" aria-describedby="([^"]+)">Add Person<\/button><span id="\1" hidden="">Needs POST on Persons<\/span>/);
  });
});
