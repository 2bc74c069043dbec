import { describe, expect, it } from 'vitest';
import { requestedRange } from './byte-range.ts';

const part = (start: number, end: number) => ({ kind: 'part', range: { start, end } });

describe('requestedRange (RFC 9110 §14)', () => {
  it('reads the three forms of one byte range, the end clamped to the last byte', () => {
    expect(requestedRange('bytes=0-99', 1000)).toEqual(part(0, 99));
    expect(requestedRange('bytes=0-0', 1000)).toEqual(part(0, 0));
    expect(requestedRange('bytes=900-', 1000)).toEqual(part(900, 999));
    expect(requestedRange('bytes=-100', 1000)).toEqual(part(900, 999));
    expect(requestedRange('bytes=-5000', 1000)).toEqual(part(0, 999));
    expect(requestedRange('bytes=500-5000', 1000)).toEqual(part(500, 999));
    expect(requestedRange('bytes=0-99999999999999999999999', 1000)).toEqual(part(0, 999));
    expect(requestedRange(' Bytes = 10 - 19 ', 1000)).toEqual(part(10, 19));
  });

  it('is unsatisfiable past the end, for an empty suffix, and for any range of an empty file', () => {
    expect(requestedRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(requestedRange('bytes=1000-1001', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(requestedRange('bytes=99999999999999999999999-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(requestedRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(requestedRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(requestedRange('bytes=-10', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores what it cannot use: no header, another unit, a malformed or reversed range, several ranges', () => {
    for (const header of [undefined, '', 'items=0-1', 'bytes=', 'bytes=-', 'bytes=a-b', 'bytes=5-1', 'bytes=0-1,4-5', 'bytes=1.5-2', 'bytes=-1-2', 'bytes=0-1\u0000']) {
      expect(requestedRange(header, 1000), String(header)).toEqual({ kind: 'whole' });
    }
  });
});
