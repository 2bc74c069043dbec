import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { SurveyResponseListItem } from '../../../domain/campaigns.ts';
import { csvColumns, csvFileName, responsesCsv } from './results-csv.ts';

const row = (over: Partial<SurveyResponseListItem>): SurveyResponseListItem => ({
  resourceType: 'SurveyResponse',
  accountId: 'a1',
  campaignId: 'c1',
  answers: [],
  queryParameters: {},
  id: 'r1',
  startTimestamp: '2026-11-20T10:00:00.000Z',
  endTimestamp: '2026-11-20T10:01:00.000Z',
  externalId: 'visit-1',
  externalUser: '+15551234567',
  answer: 3,
  comment: null,
  ...over,
});

describe('results CSV', () => {
  it('has a header and one row per response, the answer as its label and its stored value', () => {
    const csv = responsesCsv([row({}), row({ id: 'r2', answer: 2, comment: 'ok' })], 'three');
    const parsed = Papa.parse<string[]>(csv.trim()).data;
    expect(parsed[0]).toEqual([...csvColumns]);
    // A leading + could start a formula too: the phone number keeps a leading ' (spreadsheets hide it).
    expect(parsed[1]).toEqual(['r1', '2026-11-20T10:00:00.000Z', '2026-11-20T10:01:00.000Z', 'Neutral', '3', '', 'visit-1', "'+15551234567"]);
    expect(parsed[2]?.slice(3, 6)).toEqual(['Bad', '2', 'ok']);
    expect(responsesCsv([row({ answer: 1 })], 'thumbs')).toContain('Thumbs up');
  });

  it('quotes commas, quotes and line breaks, and escapes what a spreadsheet would run as a formula', () => {
    const comment = 'Great, "really"\nthanks';
    const csv = responsesCsv([row({ comment }), row({ id: 'r2', comment: '=HYPERLINK("http://x")' })], 'three');
    const parsed = Papa.parse<string[]>(csv.trim()).data;
    expect(parsed[1]?.[5]).toBe(comment);
    expect(parsed[2]?.[5]).toBe(`'=HYPERLINK("http://x")`);
  });

  it('names the file after the campaign', () => {
    expect(csvFileName('After your visit!')).toBe('after-your-visit-responses.csv');
    expect(csvFileName('***')).toBe('campaign-responses.csv');
  });
});
