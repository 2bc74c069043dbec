// @vitest-environment happy-dom
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { accountPatchSchema } from '../../../domain/accounts.ts';
import { emptyAccount, fieldOfPath, toPatchBody } from './account-form.tsx';

describe('account form', () => {
  it("names the flat field of each nested error path of the API's body", () => {
    expect(fieldOfPath('config.awsConnect.defaultProvisionProfile.acwTimeout')).toBe('acwTimeout');
    expect(fieldOfPath('config.ccp.defaultQueueDispositions.2')).toBe('dispositions');
    expect(fieldOfPath('config.portal.roleId')).toBe('portalRoleId');
    expect(fieldOfPath('assumedAccounts.0.accountId')).toBe('assumedAccounts');
    expect(fieldOfPath('timeZone')).toBe('timeZone');
    expect(fieldOfPath('config.awsConnect.roleArn')).toBe('awsRoleArn');
    expect(fieldOfPath('config.awsConnect.externalId')).toBe('awsExternalId');
    expect(fieldOfPath('nothing.like.it')).toBeNull();
  });

  it('parses the ACW timeout as an integer; a fraction or text is sent for the schema to refuse', () => {
    const body = (acwTimeout: string) => toPatchBody({ ...emptyAccount, name: 'A', acwTimeout }, true).config.awsConnect?.defaultProvisionProfile?.acwTimeout;
    expect(body(' 45 ')).toBe(45);
    expect(body('')).toBeNull();
    expect(v.is(accountPatchSchema, { version: 1, ...toPatchBody({ ...emptyAccount, name: 'A', acwTimeout: '4.5' }, true) })).toBe(false);
    expect(v.is(accountPatchSchema, { version: 1, ...toPatchBody({ ...emptyAccount, name: 'A', acwTimeout: 'soon' }, true) })).toBe(false);
    expect(v.is(accountPatchSchema, { version: 1, ...toPatchBody({ ...emptyAccount, name: 'A', acwTimeout: '30' }, true) })).toBe(true);
  });

  it('sends active and the assumed accounts (by id) only for an instance administrator', () => {
    const values = { ...emptyAccount, name: 'A', active: false, assumedAccounts: [{ accountId: 'x', accountName: 'X' }] };
    expect(toPatchBody(values, true)).toMatchObject({ active: false, assumedAccounts: [{ accountId: 'x' }] });
    const manager = toPatchBody(values, false);
    expect('active' in manager || 'assumedAccounts' in manager).toBe(false);
  });

  it("sends the Connect role's ARN and external id, which the schema checks", () => {
    const values = { ...emptyAccount, name: 'A', awsAccountId: '123456789012', awsRoleArn: 'arn:aws:iam::123456789012:role/AsteraPortal', awsExternalId: 'astera-ext-1' };
    expect(toPatchBody(values, true).config.awsConnect).toMatchObject({ roleArn: values.awsRoleArn, externalId: values.awsExternalId });
    expect(v.is(accountPatchSchema, { version: 1, ...toPatchBody(values, true) })).toBe(true);
    expect(v.is(accountPatchSchema, { version: 1, ...toPatchBody({ ...values, awsRoleArn: 'arn:aws:iam::999999999999:role/AsteraPortal' }, true) })).toBe(false);
  });
});
