// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { matchHeaders, rememberedMapping, rememberMapping, typoDistance } from './mapping.ts';

describe('header matching', () => {
  it('matches headers by name, whatever their case, spaces and underscores', () => {
    expect(matchHeaders(['Patient Name', 'Phone number', 'MRN', 'DOB', 'E-mail', 'Address', 'Balance', 'Payer Class A', 'Maximum Discount'])).toEqual({
      patientName: 0,
      phone: 1,
      mrn: 2,
      dob: 3,
      email: 4,
      address: 5,
      balance: 6,
      payerClassA: 7,
      maximumDiscount: 8,
    });
    expect(matchHeaders(['patient_name', 'PHONE', 'Date of birth', 'medical_record_number'])).toEqual({ patientName: 0, phone: 1, dob: 2, mrn: 3 });
    expect(matchHeaders(['  dob ', 'patientName', 'Mobile'])).toEqual({ dob: 0, patientName: 1, phone: 2 });
  });

  it('forgives small typos in long names, none in short ones', () => {
    expect(matchHeaders(['Pateint name', 'Phnoe number', 'Date of brith', 'Adress'])).toEqual({ patientName: 0, phone: 1, dob: 2, address: 3 });
    expect(matchHeaders(['job', 'mrm', 'notes', 'Pt name'])).toEqual({});
    expect(typoDistance('pateint', 'patient')).toBe(1);
    expect(typoDistance('abc', 'abc')).toBe(0);
    expect(typoDistance('kitten', 'sitting')).toBe(3);
  });

  it('gives each field one column and each column one field, the closest name first', () => {
    // "Name" and "Patient Name" both name the patient: the exact one wins, the other stays unmatched.
    expect(matchHeaders(['Name', 'Patient Name'])).toEqual({ patientName: 0 });
    expect(matchHeaders(['Pateint name', 'Patient name'])).toEqual({ patientName: 1 });
    expect(matchHeaders(['', 'Phone', 'Phone'])).toEqual({ phone: 1 });
  });
});

describe('the practice’s mapping, remembered', () => {
  beforeEach(() => localStorage.clear());

  it('maps a header as the practice mapped it last time, left-out columns too, per account', () => {
    const headers = ['Guarantor', 'Cell #', 'Acct', 'Name'];
    expect(matchHeaders(headers)).toEqual({ phone: 1, patientName: 3 });
    rememberMapping('account-1', headers, { patientName: 0, phone: 1, mrn: 2 });
    const next = ['NAME', 'acct', 'Guarantor', 'Cell #'];
    expect(matchHeaders(next, rememberedMapping('account-1'))).toEqual({ patientName: 2, phone: 3, mrn: 1 });
    expect(matchHeaders(next, rememberedMapping('account-2'))).toEqual({ patientName: 0, phone: 3 });
  });

  it('survives what another tab or version left in storage', () => {
    localStorage.setItem('astera.workflows.csvMapping.account-1', JSON.stringify({ cell: 'phone', x: 'notAField', y: 3 }));
    expect(rememberedMapping('account-1')).toEqual({ cell: 'phone' });
    localStorage.setItem('astera.workflows.csvMapping.account-1', '{not json');
    expect(rememberedMapping('account-1')).toEqual({});
  });
});
