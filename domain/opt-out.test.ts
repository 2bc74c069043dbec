import { describe, expect, it } from 'vitest';
import { optOutIntent, optOutWords } from './opt-out.ts';

describe('optOutIntent', () => {
  it('reads every opt-out word in any case, with spaces and end punctuation around it', () => {
    for (const word of optOutWords) {
      expect(optOutIntent(word)).toBe('opt-out');
      expect(optOutIntent(word.toLowerCase())).toBe('opt-out');
      expect(optOutIntent(` ${word[0]}${word.slice(1).toLowerCase()}. `)).toBe('opt-out');
    }
    expect(optOutIntent('Stop!')).toBe('opt-out');
  });

  it('reads START and UNSTOP as opting back in', () => {
    expect(optOutIntent('start')).toBe('opt-in');
    expect(optOutIntent('UNSTOP')).toBe('opt-in');
  });

  it('leaves an ordinary reply alone, also one that contains an opt-out word', () => {
    expect(optOutIntent('Please stop calling after 5pm')).toBeNull();
    expect(optOutIntent('stopped')).toBeNull();
    expect(optOutIntent('')).toBeNull();
    expect(optOutIntent('Yes')).toBeNull();
  });
});
