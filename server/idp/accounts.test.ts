import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../auth/passwords.ts';
import { connect, type Database } from '../db/client.ts';
import { demoUsers } from '../seed/seed.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { credentialAccounts } from './accounts.ts';

describe('the provider’s users', () => {
  let testDb: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase({ seeded: true });
    database = connect(testDb.url);
  });

  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  const admin = demoUsers.find((user) => user.email === 'admin@astera.test')!;

  it('signs in with the right password, in any letter case of the email', async () => {
    const user = await credentialAccounts(database.db).authenticate(' Admin@Astera.test ', admin.password);
    expect(user).toMatchObject({ email: admin.email, sub: expect.any(String) });
    expect(await credentialAccounts(database.db).findUser(user!.sub)).toEqual(user);
  });

  it('checks a password hash whether or not the email exists, so both answers take as long', async () => {
    const verify = vi.fn(verifyPassword);
    const accounts = credentialAccounts(database.db, verify);

    expect(await accounts.authenticate(admin.email, 'wrong')).toBeNull();
    expect(verify).toHaveBeenCalledTimes(1);
    const knownHash = verify.mock.calls[0]![1];

    expect(await accounts.authenticate('nobody@astera.test', admin.password)).toBeNull();
    expect(verify).toHaveBeenCalledTimes(2);
    const [password, dummyHash] = verify.mock.calls[1]!;
    expect(password).toBe(admin.password);
    // A real scrypt hash with the same parameters (same cost), not a shortcut.
    expect(dummyHash).not.toBe(knownHash);
    expect(dummyHash.split('$').map((part) => Buffer.from(part, 'base64').length)).toEqual(knownHash.split('$').map((part) => Buffer.from(part, 'base64').length));
    expect(await verify.mock.results[1]!.value).toBe(false);

    // An email PostgreSQL could not even compare is unknown too, checked the same way.
    expect(await accounts.authenticate('admin@astera.test\u0000', admin.password)).toBeNull();
    expect(verify).toHaveBeenCalledTimes(3);
    expect(verify.mock.calls[2]![1]).toBe(dummyHash);
  });
});
