// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isOwnRecordingUrl } from './recording-access.ts';

const origin = 'https://portal.example.test';

describe('isOwnRecordingUrl', () => {
  it('answers for the recordings of the portal’s own API', () => {
    expect(isOwnRecordingUrl(`${origin}/api/interactions/interactions/abc/events/ev1/recordings/call.wav`, '/api', origin)).toBe(true);
    expect(isOwnRecordingUrl(`${origin}/api/interactions/interactions/abc/events/ev1/recordings/a/b.ogg?accountId=x`, '/api', origin)).toBe(true);
    expect(isOwnRecordingUrl('https://api.example.test/v1/interactions/interactions/abc/events/ev1/recordings/call.wav', 'https://api.example.test/v1', origin)).toBe(true);
  });
  it('never for another site, another API path, or another kind of request', () => {
    expect(isOwnRecordingUrl('https://evil.example/api/interactions/interactions/abc/events/ev1/recordings/call.wav', '/api', origin)).toBe(false);
    expect(isOwnRecordingUrl(`${origin}/other/interactions/interactions/abc/events/ev1/recordings/call.wav`, '/api', origin)).toBe(false);
    expect(isOwnRecordingUrl(`${origin}/api/person/persons`, '/api', origin)).toBe(false);
    expect(isOwnRecordingUrl('not a url', '/api', origin)).toBe(false);
  });
});
