import type { ByteRange } from '../../integrations/recordings/port.ts';

/**
 * What a request's Range header asks of a resource of `size` bytes (RFC 9110 §14): the whole
 * (no header, another unit, a malformed one, or several ranges: a server may ignore Range, and
 * one answer of one part is what players need), one inclusive range (`bytes=a-b`, `bytes=a-`,
 * `bytes=-n`, the end clamped to the last byte), or none that the resource can satisfy (416).
 */
export type RangeRequest = { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' };

const whole = { kind: 'whole' } as const;
const unsatisfiable = { kind: 'unsatisfiable' } as const;

export function requestedRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return whole;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return whole;
  // Positions past Number's exact integers (or Infinity) still compare right with any real size.
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return whole;
  if (first === '') {
    // The last n bytes; n = 0 is satisfiable by nothing.
    const n = Number(last);
    if (n === 0 || size === 0) return unsatisfiable;
    return { kind: 'part', range: { start: Math.max(0, size - n), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  // An end before the start makes the header invalid, which is ignored (RFC 9110 §14.1.1).
  if (last !== '' && end < start) return whole;
  if (start >= size) return unsatisfiable;
  return { kind: 'part', range: { start, end: Math.min(end, size - 1) } };
}
