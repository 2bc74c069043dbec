import { describe, expect, it } from 'vitest';
import { mentions, splitMentions } from './mentions.ts';

describe('@Name mentions (issue 40)', () => {
  it('start at a word start and end at a word boundary', () => {
    expect(mentions('x@Maria Lopez.com', 'Maria Lopez')).toBe(false);
    expect(mentions('@Elijah Mitchellx', 'Elijah Mitchell')).toBe(false);
    expect(mentions('call @Elijah Mitchell_2', 'Elijah Mitchell')).toBe(false);
    expect(mentions('see é@Maria Lopez', 'Maria Lopez')).toBe(false);
    expect(mentions('@Maria Lopezé', 'Maria Lopez')).toBe(false);
    expect(mentions('@Maria Lopez9', 'Maria Lopez')).toBe(false);
  });

  it('are found anywhere else, in any case, with punctuation around them', () => {
    for (const text of ['@Maria Lopez', 'Please call back, @maria lopez.', '(@MARIA LOPEZ)', "@Maria Lopez's patient", 'hi\n@Maria Lopez\nthanks', '@Maria Lopez.com']) {
      expect(mentions(text, 'Maria Lopez'), text).toBe(true);
    }
    expect(mentions('ask @Dr. J.', 'Dr. J.')).toBe(true);
    expect(mentions('@Maria', 'Maria Lopez')).toBe(false);
    expect(mentions('@', '')).toBe(false);
  });

  it('name no one by a regular expression in the name', () => {
    expect(mentions('@Ann xLee', 'Ann .Lee')).toBe(false);
    expect(mentions('@Ann .Lee', 'Ann .Lee')).toBe(true);
  });

  it('cut the text into plain parts and mentions, the longer name first', () => {
    expect(splitMentions('to @Mary Manager and @Mary, not x@Mary or @Maryx', ['Mary', 'Mary Manager'])).toEqual([
      { text: 'to ', mention: false },
      { text: '@Mary Manager', mention: true },
      { text: ' and ', mention: false },
      { text: '@Mary', mention: true },
      { text: ', not x@Mary or @Maryx', mention: false },
    ]);
    expect(splitMentions('plain', [])).toEqual([{ text: 'plain', mention: false }]);
  });
});
