import { ContactCenterError, type ContactCenter } from './port.ts';

/** Tests: a contact center with the given methods; the others answer `unavailable`. */
export function fakeContactCenter(parts: Partial<ContactCenter> & { kind: string }): ContactCenter {
  const unavailable = () => Promise.reject(new ContactCenterError('unavailable'));
  return { listQueues: unavailable, contactsChanged: unavailable, realtimeMetrics: unavailable, queueFigures: unavailable, recording: unavailable, ...parts };
}
