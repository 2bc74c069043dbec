/**
 * Which column of a CSV file holds which item field (issue 43, CSV import): headers matched by
 * name, tolerant of case, spaces, punctuation and small typos, and the practice's last choices
 * remembered for its next file.
 */

/** The item fields a file can fill, in the order the mapping step lists them. */
export const importFields = ['patientName', 'phone', 'mrn', 'dob', 'email', 'address', 'balance', 'payerClassA', 'maximumDiscount'] as const;
export type ImportField = (typeof importFields)[number];

export const fieldLabels: Record<ImportField, string> = {
  patientName: 'Patient name',
  phone: 'Phone',
  mrn: 'MRN',
  dob: 'Date of birth',
  email: 'Email',
  address: 'Address',
  balance: 'Balance',
  payerClassA: 'Payer class A',
  maximumDiscount: 'Maximum discount',
};

/** The fields an item cannot go without (generalInfoSchema's required ones). */
export const requiredFields: readonly ImportField[] = ['patientName', 'phone'];

/** For each field, the column index it is read from; a field absent from the map is not in the file. */
export type Mapping = Partial<Record<ImportField, number>>;

/** A header as compared: lower case, letters and digits only ("Patient_Name " → "patientname"). */
export const normalizeHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The names a coordinator's spreadsheet gives each field, normalized. */
const synonyms: Record<ImportField, readonly string[]> = {
  patientName: ['patientname', 'name', 'patient', 'fullname', 'patientfullname'],
  phone: ['phone', 'phonenumber', 'phoneno', 'telephone', 'tel', 'mobile', 'mobilephone', 'cell', 'cellphone', 'patientphone'],
  mrn: ['mrn', 'medicalrecordnumber', 'medicalrecord', 'medicalrecordno', 'recordnumber', 'patientid', 'chartnumber'],
  dob: ['dob', 'dateofbirth', 'birthdate', 'birthday', 'patientdob'],
  email: ['email', 'emailaddress', 'mail', 'patientemail'],
  address: ['address', 'streetaddress', 'homeaddress', 'mailingaddress', 'patientaddress'],
  balance: ['balance', 'balancedue', 'amountdue', 'outstandingbalance', 'patientbalance'],
  payerClassA: ['payerclassa', 'payerclass', 'payer', 'financialclass'],
  maximumDiscount: ['maximumdiscount', 'maxdiscount', 'discount', 'maximumdiscountpercent'],
};

/** Edit distance where swapping two neighbouring letters counts one ("pateint" → "patient"). */
export function typoDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1]!;
}

/** How many typos a name of this length may carry and still match: none in a short name ("dob" is not "job"). */
const typosAllowed = (length: number) => (length < 5 ? 0 : length < 9 ? 1 : 2);

/** How far a header is from a field's names: 0 exact, 1–2 typos; undefined when it is not that field. */
function distanceTo(header: string, field: ImportField): number | undefined {
  let best: number | undefined;
  for (const name of synonyms[field]) {
    if (header === name) return 0;
    const allowed = typosAllowed(Math.min(header.length, name.length));
    if (allowed === 0 || Math.abs(header.length - name.length) > allowed) continue;
    const distance = typoDistance(header, name);
    if (distance <= allowed && (best === undefined || distance < best)) best = distance;
  }
  return best;
}

/**
 * The mapping of a file's headers: a header the practice mapped before takes its field again
 * (`remembered`: normalized header → field, or '' for a column it chose to leave out); the others
 * by name, closest first. Each field takes one column and each column one field.
 */
export function matchHeaders(headers: readonly string[], remembered: Readonly<Record<string, ImportField | ''>> = {}): Mapping {
  const mapping: Mapping = {};
  const taken = new Set<number>();
  const normalized = headers.map(normalizeHeader);
  normalized.forEach((header, column) => {
    const field = remembered[header];
    if (field === undefined) return;
    taken.add(column);
    if (field !== '' && mapping[field] === undefined) mapping[field] = column;
  });
  const candidates: { field: ImportField; column: number; distance: number }[] = [];
  for (const field of importFields) {
    if (mapping[field] !== undefined) continue;
    normalized.forEach((header, column) => {
      if (taken.has(column) || header === '') return;
      const distance = distanceTo(header, field);
      if (distance !== undefined) candidates.push({ field, column, distance });
    });
  }
  candidates.sort((a, b) => a.distance - b.distance || a.column - b.column);
  for (const { field, column } of candidates) {
    if (mapping[field] !== undefined || taken.has(column)) continue;
    mapping[field] = column;
    taken.add(column);
  }
  return mapping;
}

/** What to remember of a confirmed mapping: each header's field, or '' for a header left out. */
export function mappingToRemember(headers: readonly string[], mapping: Mapping): Record<string, ImportField | ''> {
  const remember: Record<string, ImportField | ''> = {};
  headers.forEach((header, column) => {
    const key = normalizeHeader(header);
    if (key === '') return;
    remember[key] = importFields.find((field) => mapping[field] === column) ?? '';
  });
  return remember;
}

const storageKey = (accountId: string) => `astera.workflows.csvMapping.${accountId}`;

/** The practice's remembered headers (this browser's local storage, per account). */
export function rememberedMapping(accountId: string): Record<string, ImportField | ''> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(accountId)) ?? '{}');
    if (typeof stored !== 'object' || stored === null) return {};
    return Object.fromEntries(Object.entries(stored).filter((entry): entry is [string, ImportField | ''] => entry[1] === '' || (importFields as readonly string[]).includes(entry[1] as string)));
  } catch {
    return {};
  }
}

/** Keeps a confirmed mapping for the practice's next file, on top of what it chose before. */
export function rememberMapping(accountId: string, headers: readonly string[], mapping: Mapping) {
  try {
    localStorage.setItem(storageKey(accountId), JSON.stringify({ ...rememberedMapping(accountId), ...mappingToRemember(headers, mapping) }));
  } catch {
    // Storage full or refused (a private window): the next file is matched by name again.
  }
}
