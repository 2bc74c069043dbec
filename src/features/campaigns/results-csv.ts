import Papa from 'papaparse';
import { answerLabel, type SurveyResponseListItem, type SurveyType } from '../../../domain/campaigns.ts';

/** The export's columns, in order. */
export const csvColumns = ['Response ID', 'Started', 'Received', 'Answer', 'Answer value', 'Comment', 'External Id', 'External User'] as const;

/**
 * A campaign's responses as CSV (papaparse: quoting, embedded quotes and line breaks). Cells that
 * a spreadsheet would run as a formula (`=`, `+`, `-`, `@`…) are escaped: a patient's comment is
 * never executed on an administrator's machine.
 */
export function responsesCsv(rows: SurveyResponseListItem[], surveyType: SurveyType): string {
  return Papa.unparse(
    {
      fields: [...csvColumns],
      data: rows.map((row) => [
        row.id,
        row.startTimestamp,
        row.endTimestamp,
        row.answer === null ? '' : (answerLabel(surveyType, row.answer) ?? ''),
        row.answer ?? '',
        row.comment ?? '',
        row.externalId ?? '',
        row.externalUser ?? '',
      ]),
    },
    { escapeFormulae: true, newline: '\r\n' },
  );
}

/** A file name from the campaign's name ('After your visit' → 'after-your-visit-responses.csv'). */
export const csvFileName = (campaignName: string) =>
  `${
    campaignName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'campaign'
  }-responses.csv`;

/** Saves text as a file in the browser (a download of a Blob URL). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
