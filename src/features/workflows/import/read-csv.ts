/**
 * Reads a CSV file in chunks (issue 43, CSV import): the bytes streamed from the file, decoded as
 * UTF-8 (or, when they are not, Windows-1252, what a spreadsheet saves as "CSV" on Windows), and
 * parsed by papaparse chunk by chunk. papaparse's own file reader slices the file by bytes and
 * decodes each slice alone, which breaks a letter written in two bytes (é) that falls across a
 * slice; so the decoding is done here, on the stream, and papaparse parses the text.
 */
import Papa from 'papaparse';

export type ReadProgress = { bytes: number; total: number };

/** A line of the file holds nothing but separators or spaces: not a row. */
const blank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

class NotUtf8 extends Error {}

async function readAs(file: Blob, encoding: 'utf-8' | 'windows-1252', onRows: (rows: string[][]) => void, onProgress: (progress: ReadProgress) => void) {
  const reader = file.stream().getReader();
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  let parser: Papa.Parser | null = null;
  let partial = '';
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      let text: string;
      try {
        text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      } catch {
        throw new NotUtf8();
      }
      if (value) bytes += value.byteLength;
      const aggregate = partial + text;
      // The separator (comma, semicolon, tab…) and line break are guessed once, from the file's start.
      parser ??= new Papa.Parser({ delimiter: Papa.parse<string[]>(aggregate.slice(0, 65_536), { preview: 20, skipEmptyLines: 'greedy' }).meta.delimiter || ',', newline: guessNewline(aggregate) });
      const results = parser.parse(aggregate, 0, !done) as Papa.ParseResult<string[]>;
      partial = aggregate.substring(results.meta.cursor);
      const rows = results.data.filter((cells) => !blank(cells));
      if (rows.length > 0) onRows(rows);
      onProgress({ bytes, total: file.size });
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}

function guessNewline(text: string): '\r\n' | '\n' | '\r' {
  const n = text.indexOf('\n');
  const r = text.indexOf('\r');
  if (r !== -1 && (n === -1 || r < n)) return text[r + 1] === '\n' ? '\r\n' : '\r';
  return '\n';
}

/**
 * Every row of `file` (the header first), given to `onRows` as chunks are parsed, with the bytes
 * read so far. A file that is not UTF-8 is read again as Windows-1252 (`onRestart` clears what
 * the first reading gave).
 */
export async function readCsv(file: Blob, onRows: (rows: string[][]) => void, onProgress: (progress: ReadProgress) => void, onRestart: () => void): Promise<void> {
  try {
    await readAs(file, 'utf-8', onRows, onProgress);
  } catch (error) {
    if (!(error instanceof NotUtf8)) throw error;
    onRestart();
    await readAs(file, 'windows-1252', onRows, onProgress);
  }
}
