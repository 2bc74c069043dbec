import { describe, expect, it } from 'vitest';
import { summarizeSelection } from './multi-select.tsx';

describe('the closed display of a multi-select (spec §2 Create person)', () => {
  it('shows up to three choices in full', () => {
    expect(summarizeSelection([])).toBe('');
    expect(summarizeSelection(['Arabic'])).toBe('Arabic');
    expect(summarizeSelection(['Arabic', 'Welsh', 'German'])).toBe('Arabic, Welsh, German');
  });

  it('shows the first two then an ellipsis beyond three', () => {
    expect(summarizeSelection(['Arabic', 'Welsh', 'German', 'French (France)'])).toBe('Arabic, Welsh, …');
  });
});
