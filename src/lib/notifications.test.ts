// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { parseStreamEvent } from './stream-events.ts';

describe('parseStreamEvent', () => {
  it('reads the name and data of an event block', () => {
    expect(parseStreamEvent('event: interaction\ndata: 1234')).toEqual({ name: 'interaction', data: '1234' });
    expect(parseStreamEvent('event:notifications\ndata: changed')).toEqual({ name: 'notifications', data: 'changed' });
    expect(parseStreamEvent('event: x\ndata: a\ndata: b')).toEqual({ name: 'x', data: 'a\nb' });
  });
  it('ignores comments and unnamed blocks', () => {
    expect(parseStreamEvent(': keep-alive')).toBeNull();
    expect(parseStreamEvent('data: only')).toBeNull();
  });
});

