/**
 * The label each API field has on the screens (issue 24): a message shown to a user names its
 * field by this label, never by the API name ('Role is required', not 'roleId is required'). The
 * server's `error.fields` stay keyed by API name.
 */
export const fieldLabels: Record<string, string> = {
  roleId: 'Role',
  principalId: 'Principal Id',
  oktaId: 'Okta Id',
  accountId: 'Account',
  domainName: 'Domain name',
  userSource: 'User source',
  orgRole: 'Organizational Role',
  serviceProvider: 'Service Provider',
  systemType: 'System Type',
  surveyType: 'Survey Type',
  commentLabel: 'Comment Label',
  agentGreetingImageLocationPath: 'Image Path',
  taggedResourceType: 'Record type',
  taggedResourceId: 'Record',
  insurancePlanName: 'Plan name',
  version: 'Version',
  // The insurance form's yes/no fields (domain/insurances.ts `insuranceFlags`).
  isInNetwork: 'In network',
  isSecondaryOnly: 'Secondary only',
  isReferralRequired: 'Referral required',
  isAuthorizationRequired: 'Authorization required',
  isOkToBringAuthorization: 'OK to bring authorization',
  isMedicare: 'Medicare',
  isMedicade: 'Medicaid',
  isWorkercomp: "Workers' compensation",
  // The practice team form's yes/no fields (domain/practice-teams.ts).
  isViewable: 'Viewable',
  isSchedulable: 'Schedulable',
};

/** A field's label: the screens' own, else its API name in words ('timeZone' → 'Time zone'). */
export function fieldLabel(key: string): string {
  const known = fieldLabels[key];
  if (known) return known;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The message of a required field that was not sent, in sentence case by its label. */
export const requiredMessage = (key: string): string => `${fieldLabel(key)} is required`;

/** A too-long message by the form's own label, where one API name has different labels ('AWS account id must be at most 200 characters'). */
export const labelTooLong = (label: string, max: number): string => `${label} must be at most ${max} characters`;

/** The message of a field longer than its bound, in sentence case by its label ('Specialty must be at most 200 characters'). */
export const tooLongMessage = (key: string, max: number): string => `${fieldLabel(key)} must be at most ${max} characters`;
