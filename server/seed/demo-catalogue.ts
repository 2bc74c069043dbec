import type { InsuranceType } from '../../domain/insurances.ts';
import type { IssueCategory } from '../../domain/issues.ts';
import type { Tx } from '../db/client.ts';
import type { DemoSeed } from '../area.ts';
import { auditLog, insurances, issues } from '../db/schema/index.ts';

/** The reasons patients call a family practice: 20 per account, a few of them urgent (triage first). */
export const demoIssues: { name: string; category: IssueCategory; urgent?: boolean; active?: boolean; description: string }[] = [
  { name: 'Prescription refill', category: 'Medication', description: 'Refill of a current prescription; confirm the pharmacy on file.' },
  { name: 'Appointment scheduling', category: 'Scheduling', description: 'Book a new appointment with a practitioner.' },
  { name: 'Appointment cancellation', category: 'Scheduling', description: 'Cancel or reschedule an existing appointment.' },
  { name: 'Chest pain', category: 'Clinical', urgent: true, description: 'Advise 911 for severe or crushing pain; warm transfer to the triage nurse.' },
  { name: 'Shortness of breath', category: 'Clinical', urgent: true, description: 'Difficulty breathing at rest: advise 911; otherwise triage nurse.' },
  { name: 'Suicidal thoughts', category: 'Clinical', urgent: true, description: 'Stay on the line; offer 988 and transfer to the on-call clinician.' },
  { name: 'Severe allergic reaction', category: 'Clinical', urgent: true, description: 'Swelling of lips or tongue, hives with breathing trouble: advise 911.' },
  { name: 'High fever', category: 'Clinical', urgent: true, description: 'Fever above 103°F, or any fever in an infant under 3 months.' },
  { name: 'Test results', category: 'Records', description: 'Questions about lab or imaging results.' },
  { name: 'Medical records request', category: 'Records', description: 'Copies of records for the patient or another provider (release form needed).' },
  { name: 'Referral request', category: 'Referral', description: 'Referral to a specialist; check whether the plan requires one.' },
  { name: 'Prior authorization status', category: 'Referral', description: 'Status of a prior authorization sent to the insurer.' },
  { name: 'Billing question', category: 'Billing', description: 'Questions about a statement, copay or balance.' },
  { name: 'Insurance update', category: 'Billing', description: 'New or changed insurance coverage to record.' },
  { name: 'Payment plan', category: 'Billing', description: 'Set up or change a payment plan for a balance.' },
  { name: 'Medication side effects', category: 'Medication', description: 'Possible side effects of a prescribed medication; route to a nurse.' },
  { name: 'Vaccination inquiry', category: 'Clinical', description: 'Vaccine availability, schedules and records.' },
  { name: 'Forms and letters', category: 'Administrative', description: 'School, work or disability forms to complete.' },
  { name: 'Portal access help', category: 'Administrative', description: 'Sign-in or password help for the patient portal.' },
  { name: 'Fax line inquiry', category: 'Other', active: false, description: 'Retired: the practice no longer takes faxed requests.' },
];

type DemoInsurance = {
  insurancePlanName: string;
  insuranceType: InsuranceType[];
  planPrefix: string[];
  isInNetwork?: boolean;
  isReferralRequired?: boolean;
  isAuthorizationRequired?: boolean;
  isOkToBringAuthorization?: boolean;
  isMedicare?: boolean;
  isMedicade?: boolean;
  isWorkercomp?: boolean;
  isSecondaryOnly?: boolean;
};

/** 15 plans a US practice typically sees, with member-id prefixes of the kind their cards carry. */
export const demoInsurances: DemoInsurance[] = [
  { insurancePlanName: 'Aetna Choice POS II', insuranceType: ['Commercial', 'POS'], planPrefix: ['W', 'AET'] },
  { insurancePlanName: 'Aetna Medicare Advantage PPO', insuranceType: ['Medicare Advantage', 'PPO'], planPrefix: ['MEB'], isMedicare: true },
  { insurancePlanName: 'Blue Cross Blue Shield PPO', insuranceType: ['Commercial', 'PPO'], planPrefix: ['XEH', 'XOF', 'ZGP'] },
  { insurancePlanName: 'Blue Cross Blue Shield HMO Blue', insuranceType: ['Commercial', 'HMO'], planPrefix: ['XEJ'], isReferralRequired: true },
  { insurancePlanName: 'Cigna Open Access Plus', insuranceType: ['Commercial', 'EPO'], planPrefix: ['U', 'CGN'], isAuthorizationRequired: true, isOkToBringAuthorization: true },
  { insurancePlanName: 'Cigna HMO', insuranceType: ['Commercial', 'HMO'], planPrefix: ['CHM'], isReferralRequired: true, isAuthorizationRequired: true },
  { insurancePlanName: 'UnitedHealthcare Choice Plus', insuranceType: ['Commercial', 'POS'], planPrefix: ['UHC', '9'] },
  { insurancePlanName: 'UnitedHealthcare Community Plan', insuranceType: ['Medicaid'], planPrefix: ['UCP'], isMedicade: true, isReferralRequired: true },
  { insurancePlanName: 'Humana Gold Plus HMO', insuranceType: ['Medicare Advantage', 'HMO'], planPrefix: ['H'], isMedicare: true, isReferralRequired: true },
  { insurancePlanName: 'Kaiser Permanente HMO', insuranceType: ['Commercial', 'HMO'], planPrefix: ['KP'], isInNetwork: false },
  { insurancePlanName: 'Medicare Part B', insuranceType: ['Medicare'], planPrefix: ['1EG', '2FH'], isMedicare: true },
  { insurancePlanName: 'State Medicaid', insuranceType: ['Medicaid', 'CHIP'], planPrefix: ['MCD'], isMedicade: true, isAuthorizationRequired: true },
  { insurancePlanName: 'TRICARE Select', insuranceType: ['TRICARE'], planPrefix: ['TRS'], isAuthorizationRequired: true, isOkToBringAuthorization: true },
  { insurancePlanName: 'The Hartford Workers Compensation', insuranceType: ['Workers Compensation'], planPrefix: ['WC'], isWorkercomp: true, isAuthorizationRequired: true },
  { insurancePlanName: 'AARP Medicare Supplement', insuranceType: ['Medicare'], planPrefix: ['AARP'], isMedicare: true, isSecondaryOnly: true },
];

/**
 * The issues and insurance plans of every demo account. Ids come from `id`, so they are the same on every run.
 */
export async function seedCatalogue(tx: Tx, accountIds: Record<string, string>, id: (name: string) => string, actor: string): Promise<void> {
  for (const [key, accountId] of Object.entries(accountIds)) {
    const stamp = { accountId, createdBy: actor, modifiedBy: actor };
    await tx.insert(issues).values(demoIssues.map((issue, i) => ({ id: id(`issue:${key}:${i}`), ...stamp, urgent: false, active: true, ...issue })));
    await tx.insert(insurances).values(demoInsurances.map((plan, i) => ({ id: id(`insurance:${key}:${i}`), ...stamp, ...plan })));
    await tx.insert(auditLog).values({
      accountId,
      actorId: actor,
      actorName: actor,
      action: 'create',
      resourceType: 'Issue',
      resourceId: null,
      after: { title: `${demoIssues.length} demo issues and ${demoInsurances.length} demo insurance plans` },
    });
  }
}

/** The seed step: issues and insurance plans of every demo account (issue #9). */
export async function seedDemoCatalogue({ tx, accounts, id, actor }: DemoSeed) {
  await seedCatalogue(tx, Object.fromEntries(Object.entries(accounts).map(([key, account]) => [key, account.id])), id, actor);
}
