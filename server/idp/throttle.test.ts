import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { addressKey, defaultSignInLimits, signInThrottle, type SignInThrottle } from './throttle.ts';

describe('sign-in throttle (rate-limiter-flexible on PostgreSQL)', () => {
  let testDb: TestDatabase;
  let database: Database;
  let other: Database;
  let throttle: SignInThrottle;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = connect(testDb.url);
    other = connect(testDb.url);
    throttle = signInThrottle(database.pool);
  });

  afterAll(async () => {
    await database?.close();
    await other?.close();
    await testDb?.drop();
  });

  it('limits 5 attempts per email in 15 minutes and 20 per client address', () => {
    expect(defaultSignInLimits).toEqual({ perEmail: { attempts: 5, minutes: 15 }, perAddress: { attempts: 20, minutes: 15 } });
  });

  it('counts an IPv6 client by its /64 network and an IPv4-mapped client by its IPv4 address', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('refuses the 6th attempt at one email, from any address, and says how long to wait', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await throttle.attempt('ann@example.test', `10.0.0.${attempt}`)).toEqual({ allowed: true });
    }
    const refused = await throttle.attempt(' Ann@Example.test', '10.0.1.1');
    expect(refused.allowed).toBe(false);
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
  });

  it('refuses a new email from an address that made 20 attempts; other addresses go on', async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      // Four emails, five attempts each would trip the email limit: use a new email every time.
      expect(await throttle.attempt(`guess-${attempt}@example.test`, '192.0.2.7')).toEqual({ allowed: true });
    }
    expect((await throttle.attempt('carol@example.test', '192.0.2.7')).allowed).toBe(false);
    // The same address reached over IPv6-mapped IPv4 is the same client.
    expect((await throttle.attempt('dave@example.test', '::ffff:192.0.2.7')).allowed).toBe(false);
    expect(await throttle.attempt('carol@example.test', '192.0.2.8')).toEqual({ allowed: true });

    // An IPv6 client changing its address inside its /64 is still one client.
    for (let attempt = 0; attempt < 20; attempt++) await throttle.attempt(`v6-${attempt}@example.test`, `2001:db8:7:7::${attempt + 1}`);
    expect((await throttle.attempt('harry@example.test', '2001:db8:7:7:ffff::9')).allowed).toBe(false);
    expect((await throttle.attempt('harry@example.test', '2001:db8:7:8::9')).allowed).toBe(true);
  });

  it('counts in the database, so another process shares the counters', async () => {
    const second = signInThrottle(other.pool);
    for (let attempt = 1; attempt <= 3; attempt++) await throttle.attempt('erin@example.test', '198.51.100.1');
    for (let attempt = 1; attempt <= 2; attempt++) expect((await second.attempt('erin@example.test', '198.51.100.2')).allowed).toBe(true);
    expect((await second.attempt('erin@example.test', '198.51.100.3')).allowed).toBe(false);
  });

  it('lets no more than 5 parallel guesses at one email through', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => throttle.attempt('frank@example.test', `203.0.113.${i}`)));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(5);
  });

  it('clears an email’s failures on success', async () => {
    for (let attempt = 1; attempt <= 4; attempt++) await throttle.attempt('gina@example.test', '198.51.100.9');
    await throttle.succeeded('gina@example.test', '198.51.100.9');
    for (let attempt = 1; attempt <= 5; attempt++) expect((await throttle.attempt('gina@example.test', '198.51.100.10')).allowed).toBe(true);
  });

  it('gives a successful sign-in’s attempt back to its address, but banks no extra guesses', async () => {
    for (let signIn = 0; signIn < 30; signIn++) {
      await throttle.attempt(`user-${signIn}@example.test`, '198.51.100.20');
      await throttle.succeeded(`user-${signIn}@example.test`, '198.51.100.20');
    }
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await throttle.attempt(`guess-${attempt}@example.test`, '198.51.100.20')).allowed).toBe(true);
    }
    expect((await throttle.attempt('one-more@example.test', '198.51.100.20')).allowed).toBe(false);
    // Twice for one success: the second finds nothing to give back.
    await throttle.succeeded('x@example.test', '198.51.100.21');
    await throttle.succeeded('x@example.test', '198.51.100.21');
    for (let attempt = 0; attempt < 20; attempt++) await throttle.attempt(`guess-${attempt}@example.test`, '198.51.100.21');
    expect((await throttle.attempt('one-more@example.test', '198.51.100.21')).allowed).toBe(false);
  });
});
