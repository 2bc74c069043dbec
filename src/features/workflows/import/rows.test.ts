import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { batchRanges, checkRow, isoDob, previewRows, refusedRowsCsv, rowInfo, duplicateKey } from './rows.ts';
import { readCsv } from './read-csv.ts';

const mapping = { patientName: 0, phone: 1, mrn: 2, dob: 3, balance: 4 };
const good = (n: number) => [`Patient ${n}`, '(503) 555-0142', `MRN-${n}`, '1950-04-02', '12.50'];

describe('rows checked as the server checks them', () => {
  it('reads a row through the mapping; a US date of birth becomes YYYY-MM-DD; empty cells are left out', () => {
    expect(rowInfo([' Ann ', '5035550142', '', '4/2/1950', '$1,200.00'], mapping)).toEqual({ patientName: 'Ann', phone: '5035550142', dob: '1950-04-02', balance: '$1,200.00' });
    expect(isoDob('12/31/1999')).toBe('1999-12-31');
    expect(isoDob('1999/1/5')).toBe('1999-01-05');
    expect(isoDob('yesterday')).toBe('yesterday');
  });

  it('refuses a bad row field by field with the schema’s messages, numbered as in the file', () => {
    expect(checkRow(rowInfo(['', '555', 'M1', '1950-02-30', 'lots'], mapping), 7).errors).toEqual([
      { row: 7, field: 'patientName', message: 'Patient name is required' },
      { row: 7, field: 'phone', message: 'Phone number must be a US number of 10 digits, for example (555) 123-4567' },
      { row: 7, field: 'dob', message: 'Date must be YYYY-MM-DD' },
      { row: 7, field: 'balance', message: 'Balance must be an amount, for example 125.50' },
    ]);
    expect(checkRow(rowInfo(good(1), mapping), 1)).toEqual({ errors: [], key: duplicateKey('MRN-1', '1950-04-02') });
  });

  it('previews what would be created, skipped (in the file, in the workflow) and refused', () => {
    const rows = [good(1), good(2), [...good(1).slice(0, 2), 'mrn-1', '04/02/1950', ''], ['', 'x', '', '', ''], good(3), ['No MRN', '5035550142', '', '1950-04-02', ''], ['No MRN', '5035550142', '', '1950-04-02', '']];
    const preview = previewRows(rows, mapping, new Set([duplicateKey('MRN-3', '1950-04-02')!]));
    expect(preview).toEqual({
      rows: 7,
      created: 4, // 1, 2 and both rows without an MRN (no key: never a duplicate)
      duplicatesInFile: 1, // row 3: MRN-1 again, in another case and date format
      duplicatesInWorkflow: 1, // row 5
      refused: 1,
      firstErrors: [
        { row: 4, field: 'patientName', message: 'Patient name is required' },
        { row: 4, field: 'phone', message: 'Phone number must be a US number of 10 digits, for example (555) 123-4567' },
      ],
    });
  });
});

describe('batches', () => {
  it('cuts the rows into batches of at most 1,000, in order, every row in one', () => {
    const infos = Array.from({ length: 2501 }, (_, n) => rowInfo(good(n), mapping));
    expect(batchRanges(infos)).toEqual([
      { start: 0, end: 1000 },
      { start: 1000, end: 2000 },
      { start: 2000, end: 2501 },
    ]);
    expect(batchRanges([])).toEqual([]);
    expect(batchRanges(infos.slice(0, 1000))).toEqual([{ start: 0, end: 1000 }]);
  });

  it('keeps a batch of long rows under the body limit', () => {
    const long = { patientName: 'x'.repeat(1000), address: 'y'.repeat(1000) };
    const ranges = batchRanges(Array.from({ length: 1000 }, () => long), 1000, 100_000);
    expect(ranges.length).toBeGreaterThan(1);
    expect(ranges.every((r) => JSON.stringify(Array.from({ length: r.end - r.start }, () => long)).length <= 100_000)).toBe(true);
    expect(ranges.at(-1)!.end).toBe(1000);
  });
});

describe('the refused rows as a CSV', () => {
  it('keeps the file’s columns and values, adds an error column, one line per row', () => {
    const headers = ['Name', 'Phone, mobile'];
    const rows = [
      ['Ann', '5035550142'],
      ['Bo "B"', '555'],
      ['', ''],
    ];
    const csv = refusedRowsCsv(headers, rows, [
      { row: 3, field: 'patientName', message: 'Patient name is required' },
      { row: 2, field: 'phone', message: 'Phone is wrong' },
      { row: 3, field: 'phone', message: 'Phone is required' },
    ]);
    expect(Papa.parse(csv).data).toEqual([
      ['Name', 'Phone, mobile', 'error'],
      ['Bo "B"', '555', 'Phone: Phone is wrong'],
      ['', '', 'Patient name: Patient name is required; Phone: Phone is required'],
    ]);
  });
});

describe('reading a file in chunks', () => {
  const read = async (blob: Blob) => {
    const rows: string[][] = [];
    const progress: number[] = [];
    await readCsv(
      blob,
      (chunk) => rows.push(...chunk),
      ({ bytes }) => progress.push(bytes),
      () => (rows.length = 0),
    );
    return { rows, progress };
  };

  it('parses quoted cells, line breaks inside quotes, semicolons, CRLF and skips blank lines; progress by bytes up to the size', async () => {
    const text = 'Name;Note\r\n"Ann, A";"two\r\nlines"\r\n\r\n;\r\nBo;é\r\n';
    const { rows, progress } = await read(new Blob([text]));
    expect(rows).toEqual([
      ['Name', 'Note'],
      ['Ann, A', 'two\r\nlines'],
      ['Bo', 'é'],
    ]);
    expect(progress.at(-1)).toBe(new Blob([text]).size);
  });

  it('keeps a letter whose bytes fall in two chunks whole, over many chunks', async () => {
    const lines = ['name,phone', ...Array.from({ length: 20_000 }, (_, n) => `Zoë ${n},5035550142`)];
    const { rows } = await read(new Blob([lines.join('\n')]));
    expect(rows.length).toBe(20_001);
    expect(rows.every((row, n) => n === 0 || row[0] === `Zoë ${n - 1}`)).toBe(true);
  });

  it('reads a file that is not UTF-8 as Windows-1252', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('name\n'), 0x5a, 0x6f, 0xeb, 0x0a]); // "Zoë" in Windows-1252
    expect((await read(new Blob([bytes]))).rows).toEqual([['name'], ['Zoë']]);
  });
});
