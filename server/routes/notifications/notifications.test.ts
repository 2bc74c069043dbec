import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationMessages, type Notification, type NotificationList } from '../../../domain/notifications.ts';
import { auditLog, notifications, roles } from '../../db/schema/index.ts';
import { roleId, seedId } from '../../seed/seed.ts';
import { notify } from '../../notifications/notify.ts';
import { roleChangedTitle } from '../../notifications/role-events.ts';
import { fileHarness, type DemoUser } from '../../test/harness.ts';
import { errorOf } from '../../test/record-api.ts';

const h = fileHarness();

const send = (user: DemoUser, method: string, path: string, json?: unknown) => h.call(user, path, { method, json });
const userId = (user: DemoUser) => seedId(`person:${user}`);

let n = 0;
const fresh = (prefix = 'Note') => `${prefix} ${n++}`;

const list = async (user: DemoUser, query = '') => {
  const res = await h.call(user, `/notifications/notifications${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as NotificationList;
};

/** Sends one through the API (201 with the notification, issue 44); returns it as its user lists it, the same as the answer. */
async function sendTo(from: DemoUser, to: DemoUser, body: Record<string, unknown> = {}, accountQuery = '') {
  const title = fresh();
  const res = await send(from, 'POST', `/notifications/notifications${accountQuery}`, { userId: userId(to), title, message: 'Something happened', ...body });
  expect(res.status, await res.clone().text()).toBe(201);
  const answered = (await res.json()) as Notification;
  await h.jobs.drained();
  const found = (await list(to)).items.find((item) => item.title === title);
  expect(found).toBeDefined();
  expect(found).toEqual(answered);
  return found!;
}

describe('POST /notifications/notifications', () => {
  it('makes a notification to a user of the account, unread, newest first', async () => {
    const first = await sendTo('manager', 'viewer', { jumpPath: '/practice/persons' });
    const second = await sendTo('manager', 'viewer');
    expect(first).toMatchObject({ resourceType: 'Notification', userId: userId('viewer'), read: false, message: 'Something happened', jumpPath: '/practice/persons' });
    expect(second.jumpPath).toBeNull();
    const { items, unread } = await list('viewer');
    expect(items.findIndex((i) => i.id === second.id)).toBeLessThan(items.findIndex((i) => i.id === first.id));
    expect(unread).toBeGreaterThanOrEqual(2);
    const audit = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceType, 'Notification'), eq(auditLog.action, 'create')));
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('without userId, sends to the caller', async () => {
    const title = fresh();
    const res = await send('manager', 'POST', '/notifications/notifications', { title, message: 'To me' });
    expect(res.status).toBe(201);
    await h.jobs.drained();
    expect((await list('manager')).items.map((i) => i.title)).toContain(title);
  });

  it('refuses a user of another account (the field says so), and roles without POST', async () => {
    const res = await send('manager', 'POST', '/notifications/notifications', { userId: userId('admin'), title: fresh(), message: 'x' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.userId).toBe(notificationMessages.userIdInvalid);
    const viewer = await send('viewer', 'POST', '/notifications/notifications', { title: fresh(), message: 'x' });
    expect(viewer.status).toBe(403);
  });

  it.each([
    ['no title', { message: 'm' }, 'title', notificationMessages.titleRequired],
    ['a blank title', { title: '   ', message: 'm' }, 'title', notificationMessages.titleRequired],
    ['a title too long', { title: 'x'.repeat(201), message: 'm' }, 'title', notificationMessages.titleTooLong],
    ['no message', { title: 't' }, 'message', notificationMessages.messageRequired],
    ['a message too long', { title: 't', message: 'x'.repeat(2001) }, 'message', notificationMessages.messageTooLong],
    ['a jumpPath to another origin', { title: 't', message: 'm', jumpPath: '//evil.test/x' }, 'jumpPath', notificationMessages.jumpPathInvalid],
    ['a jumpPath that is a URL', { title: 't', message: 'm', jumpPath: 'javascript:alert(1)' }, 'jumpPath', notificationMessages.jumpPathInvalid],
    ['a malformed userId', { userId: 'nope', title: 't', message: 'm' }, 'userId', notificationMessages.userIdInvalid],
  ])('refuses %s with the field message, never echoing the input', async (_name, body, field, message) => {
    const res = await send('manager', 'POST', '/notifications/notifications', body);
    expect(res.status).toBe(400);
    const text = await res.clone().text();
    expect((await errorOf(res)).fields?.[field]).toBe(message);
    expect(text).not.toContain('evil.test');
    expect(text).not.toContain('javascript');
  });
});

describe('a user only ever sees and changes their own', () => {
  it("another user's notification is a 404 for GET, PATCH and DELETE, and is left unchanged", async () => {
    const theirs = await sendTo('manager', 'viewer');
    for (const [method, json] of [['GET', undefined], ['PATCH', { read: true }], ['DELETE', undefined]] as const) {
      const res = await send('manager', method, `/notifications/notifications/${theirs.id}`, json);
      expect(res.status, method).toBe(404);
      expect(await res.text()).not.toContain(theirs.title);
    }
    // Not even an instance administrator acting in the user's account reads them.
    const ghost = await send('admin', 'GET', `/notifications/notifications/${theirs.id}?accountId=${h.accounts.riverside.id}`);
    expect(ghost.status).toBe(404);
    const [row] = await h.db.select().from(notifications).where(eq(notifications.id, theirs.id));
    expect(row).toMatchObject({ read: false });
  });

  it("lists only the caller's own, whichever account they act in", async () => {
    const mine = await sendTo('manager', 'manager');
    const theirs = await sendTo('manager', 'viewer');
    for (const query of ['', `?accountId=${h.accounts.lakeside.id}`]) {
      const ids = (await list('manager', query)).items.map((i) => i.id);
      expect(ids).toContain(mine.id);
      expect(ids).not.toContain(theirs.id);
    }
    expect((await list('admin')).items.map((i) => i.id)).not.toContain(theirs.id);
  });

  it("Mark all read marks only the caller's", async () => {
    const theirs = await sendTo('manager', 'viewer');
    await sendTo('manager', 'manager');
    const res = await send('manager', 'PATCH', '/notifications/notifications', { read: true });
    expect(res.status).toBe(200);
    expect((await list('manager')).unread).toBe(0);
    expect((await list('viewer')).items.find((i) => i.id === theirs.id)?.read).toBe(false);
  });
});

describe('PATCH and DELETE of one', () => {
  it('marks read and unread, and refuses a body without a boolean read', async () => {
    const note = await sendTo('manager', 'viewer');
    const read = await send('viewer', 'PATCH', `/notifications/notifications/${note.id}`, { read: true });
    expect(read.status).toBe(200);
    expect(((await read.json()) as Notification).read).toBe(true);
    const again = await send('viewer', 'PATCH', `/notifications/notifications/${note.id}`, { read: false });
    expect(((await again.json()) as Notification).read).toBe(false);
    for (const body of [{}, { read: 'yes' }]) {
      const bad = await send('viewer', 'PATCH', `/notifications/notifications/${note.id}`, body);
      expect(bad.status).toBe(400);
      expect(Object.keys((await errorOf(bad)).fields ?? {})).toEqual(['read']);
    }
    expect((await list('viewer', '?unread=true')).items.map((i) => i.id)).toContain(note.id);
  });

  it('answers spec §3’s common fields: who sent it, who last marked it and when (issue 44)', async () => {
    const note = await sendTo('manager', 'viewer');
    expect(note.createdBy).toBe(note.modifiedBy);
    expect(note.createdBy).not.toBe('Notifications');
    expect(note.modifiedTimestamp).toBe(note.createdTimestamp);
    const read = (await (await send('viewer', 'PATCH', `/notifications/notifications/${note.id}`, { read: true })).json()) as Notification;
    expect(read).toMatchObject({ createdBy: note.createdBy, createdTimestamp: note.createdTimestamp });
    expect(read.modifiedBy).not.toBe(note.createdBy);
    expect(Date.parse(read.modifiedTimestamp)).toBeGreaterThanOrEqual(Date.parse(note.modifiedTimestamp));
    // The product's own are the Notifications actor's.
    const title = fresh('Own');
    await h.db.transaction((tx) => notify(tx, { accountId: h.accounts.riverside.id, userIds: [userId('viewer')], title, message: 'm', jumpPath: null }));
    await h.jobs.drained();
    expect((await list('viewer')).items.find((item) => item.title === title)).toMatchObject({ createdBy: 'Notifications', modifiedBy: 'Notifications' });
  });

  it('deletes (then 404), and the unread list leaves it out', async () => {
    const note = await sendTo('manager', 'viewer');
    const del = await send('viewer', 'DELETE', `/notifications/notifications/${note.id}`);
    expect(del.status).toBe(204);
    expect((await send('viewer', 'GET', `/notifications/notifications/${note.id}`)).status).toBe(404);
    expect((await send('viewer', 'DELETE', `/notifications/notifications/${note.id}`)).status).toBe(404);
  });
});

describe('notify() and the job queue', () => {
  it('writes nothing when the write that called it rolls back', async () => {
    const title = fresh('Rolled back');
    await h.db
      .transaction(async (tx) => {
        await notify(tx, { accountId: h.accounts.riverside.id, userIds: [userId('viewer')], title, message: 'm', jumpPath: null });
        throw new Error('rollback');
      })
      .catch(() => {});
    await h.jobs.drained();
    expect((await list('viewer')).items.map((i) => i.title)).not.toContain(title);
  });

  it('fans out to each user once, skipping ids of no user', async () => {
    const title = fresh('Fan');
    await h.db.transaction((tx) =>
      notify(tx, { accountId: h.accounts.riverside.id, userIds: [userId('viewer'), userId('manager'), userId('viewer'), seedId('nobody')], title, message: 'm', jumpPath: '/home' }),
    );
    await h.jobs.drained();
    const rows = await h.db.select().from(notifications).where(eq(notifications.title, title));
    expect(rows.map((r) => r.userId).sort()).toEqual([userId('viewer'), userId('manager')].sort());
  });
});

describe('real events: role changes', () => {
  it('a PATCH of a role notifies the users holding it (not the editor), linking to the role', async () => {
    const readOnly = roleId('riverside', 'Read Only');
    const before = (await list('viewer')).items.filter((i) => i.title === roleChangedTitle).length;
    const [role] = await h.db.select().from(roles).where(eq(roles.id, readOnly));
    const res = await send('admin', 'PATCH', `/permissions/roles/${readOnly}?accountId=${h.accounts.riverside.id}`, { version: role!.version, name: 'Read Only' });
    expect(res.status, await res.clone().text()).toBe(200);
    await h.jobs.drained();
    const mine = (await list('viewer')).items.filter((i) => i.title === roleChangedTitle);
    expect(mine.length).toBe(before + 1);
    expect(mine[0]).toMatchObject({
      jumpPath: `/system/roles/${readOnly}`,
      message: 'Alex Morgan changed the role "Read Only" you hold in Riverside Family Practice.',
      accountId: h.accounts.riverside.id,
    });
  });

  it("a user's role being changed notifies that user; a save that keeps the role does not", async () => {
    const id = userId('viewer');
    const current = async () => (await (await h.call('admin', `/person/users/${id}?accountId=${h.accounts.riverside.id}`)).json()) as { version: number };
    const count = async () => (await list('viewer')).items.filter((i) => i.title === roleChangedTitle).length;
    const before = await count();
    const scheduler = roleId('riverside', 'Scheduler');
    const changed = await send('admin', 'PATCH', `/person/users/${id}?accountId=${h.accounts.riverside.id}`, { version: (await current()).version, roleId: scheduler });
    expect(changed.status, await changed.clone().text()).toBe(200);
    await h.jobs.drained();
    const [latest] = (await list('viewer')).items;
    expect(latest).toMatchObject({ title: roleChangedTitle, message: 'Alex Morgan gave you the role "Scheduler" in Riverside Family Practice.', jumpPath: `/system/roles/${scheduler}` });
    expect(await count()).toBe(before + 1);
    const kept = await send('admin', 'PATCH', `/person/users/${id}?accountId=${h.accounts.riverside.id}`, { version: (await current()).version, roleId: scheduler, name: 'Victor Chen' });
    expect(kept.status).toBe(200);
    await h.jobs.drained();
    expect(await count()).toBe(before + 1);
    // Back as it was, for the other tests.
    const back = await send('admin', 'PATCH', `/person/users/${id}?accountId=${h.accounts.riverside.id}`, { version: (await current()).version, roleId: roleId('riverside', 'Read Only') });
    expect(back.status).toBe(200);
    await h.jobs.drained();
  });
});

describe('GET /notifications/stream', () => {
  it('sends an event at once and again when one of the caller’s notifications arrives, not for another user’s', async () => {
    const controller = new AbortController();
    const res = await h.call('viewer', '/notifications/stream', { signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const nextEvent = async () => {
      let text = '';
      while (!text.includes('\n\n')) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += value;
      }
      return text;
    };
    expect(await nextEvent()).toContain('event: notifications');
    const waiting = nextEvent();
    await sendTo('manager', 'viewer');
    expect(await waiting).toContain('event: notifications');
    expect(h.notifications.size).toBe(1);
    controller.abort();
    await reader.cancel().catch(() => {});
  });

  it("wakes only the streams of the notification's user", async () => {
    let woken = 0;
    let wake: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (wake = resolve));
    const unsubscribe = h.notifications.subscribe(userId('viewer'), { changed: () => (woken++, wake()), closed: () => {} });
    // The manager's first: PostgreSQL delivers notifications in commit order, so by the time the
    // viewer's arrives, the manager's has too (and must not have counted).
    await sendTo('manager', 'manager');
    await sendTo('manager', 'viewer');
    await arrived;
    unsubscribe();
    expect(woken).toBe(1);
  });

  it('needs a token like every API call', async () => {
    const res = await h.call('viewer', '/notifications/stream', { token: null });
    expect(res.status).toBe(401);
  });
});
