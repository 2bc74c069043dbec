import { shellMessages } from './shell-messages.ts';

/** Every user-facing text of the spec, once, used by both the server and the SPA. */
export const messages = {
  ...shellMessages,
  invalidCredentials: 'Invalid email or password',
  personNotUpdated: 'Person not updated',
  tryAgain: 'Error, please try again',
  failedToLoadRole: 'Failed to load role',
  noRoleId: 'No Role Id',
  accountSelectionRequired: 'Account Selection is required',
  atLeastOneName: 'At Least One Name is required',
  usageRequired: 'usage is required',
  lastNameRequired: 'last name is required',
  firstNameRequired: 'First name is required',
  emailRequired: 'email is required',
  principalIdRequired: 'Principal Id is required',
  // Not in the spec: the API's own refusals, worded for an administrator.
  unauthenticated: 'Sign-in required: the request carried no valid access token.',
  tokenRevoked: 'This access token has been revoked. Please sign in again.',
  unknownUser: 'Your sign-in is valid, but no active Astera user is linked to it. Ask an administrator to add you.',
  forbidden: 'Your role does not allow this action.',
  notFound: 'Not found.',
  conflict: 'This record was changed by someone else since you opened it.',
  invalidRequest: 'The request is not valid.',
  // Persons, users and practitioners (spec §3, §5). Bounds the spec leaves open are ours.
  emailInvalid: 'Email must be a valid email address',
  genderInvalid: 'Gender must be one of M, F, UN or UNK',
  languageUnknown: 'Unknown communication language',
  languageDuplicate: 'Each communication language may be chosen once',
  onePreferredLanguage: 'Only one communication language can be preferred',
  namePartTooLong: 'A name part must be at most 100 characters',
  tooManyNames: 'A person can have at most 10 names',
  tooManyMiddleNames: 'Only a first and a middle name can be given',
  prefixUnknown: 'Unknown prefix',
  suffixUnknown: 'Unknown suffix',
  periodOrder: 'The period cannot end before it starts',
  dateInvalid: 'Date must be YYYY-MM-DD',
  addressesDisagree: 'Address and addresses must be the same list when both are sent',
  dateOrDateTimeInvalid: 'Date must be a date (YYYY-MM-DD) or a date and time (ISO 8601)',
  orgRoleTooLong: 'Organization role must be at most 100 characters',
  accountIdInvalid: 'Account must be an account id',
  versionInvalid: 'Version must be a whole number from 1',
  versionsDisagree: 'Version and the If-Match header must name the same version',
  roleIdInvalid: 'Role must be a role id',
  roleNameUnknown: 'Role must be the name of a role of this account',
  practitionerNameRequired: 'Name is required',
  tooManySynonyms: 'A practitioner can have at most 20 synonyms',
  synonymInvalid: 'A synonym must be 1 to 100 characters',
  initialsTooLong: 'Initials must be at most 10 characters',
  userExists: 'This person already has a user record.',
  practitionerExists: 'This person already has a practitioner record.',
  principalIdTaken: 'This Principal Id already belongs to another user.',
  instanceAdminOnly: 'Only an instance administrator may grant instance administration.',
  accountNotFound: 'That account does not exist.',
  roleNotFound: 'That role does not exist in this account.',
  photoType: 'The photo must be a PNG or JPEG image.',
  photoTooLarge: 'The photo must be at most 1 MB.',
  photoMissing: 'This practitioner has no photo.',
  userNameRequired: 'Name is required',
  // Contact points (spec §3, §5, §9); the bounds and refusals the spec leaves open are ours.
  contactPointValueMin: 'value must be more than 1 characters',
  contactPointNameMin: 'name must be more than 1 characters',
  contactPointDescriptionMin: 'description must be more than 1 characters',
  contactPointRank: 'number must be between 1 and 10',
  contactPointRankWhole: 'Rank must be a whole number',
  contactPointSystemInvalid: 'System must be one of PHONE, FAX, EMAIL, PAGER, URL, SMS, QUEUEID or OTHER',
  contactPointProviderInvalid: 'Unknown service provider',
  contactPointSystemTypeInvalid: 'System type must be Main, Priority or Reception',
  contactPointVipInvalid: 'Vip must be true or false',
  contactPointPhoneInvalid: 'Value must be a US phone number of 10 digits, for example (555) 123-4567',
  contactPointTooManyAssociations: 'A contact point can have at most 25 practitioners',
  contactPointAssociationInvalid: 'Each association must be a practitioner id',
  contactPointPractitionerUnknown: 'A practitioner of this list does not exist in this account',
  practitionerTooManyContactPoints: 'A practitioner of this list already has 25 contact points',
  // Issues and insurances (issue #9; the spec gives no messages for them).
  issueNameRequired: 'Name is required',
  issueNameTooLong: 'Name must be at most 200 characters',
  issueDescriptionTooLong: 'Description must be at most 1000 characters',
  issueCategoryInvalid: 'Category must be one of Clinical, Medication, Scheduling, Billing, Records, Referral, Administrative or Other',
  insurancePlanNameRequired: 'Plan name is required',
  insurancePlanNameTooLong: 'Plan name must be at most 200 characters',
  insuranceTypeInvalid: 'Each insurance type must be one of the listed types',
  insurancePrefixInvalid: 'A plan prefix must be 1 to 10 letters or digits',
  insuranceTooManyPrefixes: 'An insurance can have at most 20 plan prefixes',
  insuranceBringWithoutRequired: 'OK to bring authorization needs authorization required',
  // Campaigns and the patients' public survey (spec §2 "Campaigns", §4, §8, issue 11). Bounds are ours.
  campaignSubmissionError: 'There was an error with your submission',
  campaignNotFound: 'Campaign not found',
  campaignResponseNotFound: 'Campaign response not found',
  campaignNoResults: 'There were no results found for this campaign',
  campaignNameRequired: 'Campaign Name is required',
  campaignNameTooLong: 'Campaign Name must be at most 200 characters',
  campaignDescriptionTooLong: 'Campaign Description must be at most 1000 characters',
  campaignSurveyTypeInvalid: 'Survey Type must be thumbs or three',
  campaignQuestionRequired: 'Campaign Question is required',
  campaignQuestionTooLong: 'Campaign Question must be at most 500 characters',
  campaignCommentLabelTooLong: 'Comment Label must be at most 200 characters',
  campaignQuestionsInvalid: 'Questions must be one thumbs or three question, then at most one comment question',
  campaignQuestionsDisagree: 'Questions must agree with the Survey Type, Campaign Question and Comment Label sent with them',
  surveyCampaignIdInvalid: 'Campaign must be a campaign id',
  surveyAnswerInvalid: 'Answer must be one of the choices of this survey',
  surveyAnswersInvalid: 'Answers must be one answer to the survey question, then at most one comment',
  surveyAnswersDisagree: 'Answers must agree with the answer and comment sent with them',
  surveyCommentTooLong: 'Comment must be at most 1000 characters',
  surveyCommentNotAsked: 'Comment is not asked for by this survey',
  surveyExternalIdInvalid: 'External id must be at most 200 characters',
  surveyExternalIdRequired: 'External id is required',
  surveyExternalUserInvalid: 'External user must be at most 200 characters',
  surveyQueryParametersInvalid: 'Query parameters must be at most 20 names and text values of at most 500 characters',
  /** A public id that is unknown or whose campaign is not running: both are answered alike (ARCHITECTURE "Public pages"). */
  surveyUnavailable: 'This survey is not available. It may have ended.',
  surveyAlreadyReceived: 'Your answer to this survey was already received. Thank you!',
  surveyThanks: 'Thank you! Your answer was received.',
  surveyTooManyRequests: 'Too many answers from this device. Please try again later.',
  // Locations (spec §3, §5); the bounds the spec leaves open are ours.
  locationNameRequired: 'Name is required',
  locationNameTooLong: 'Name must be at most 200 characters',
  serviceInvalid: 'A service must be 1 to 100 characters',
  tooManyServices: 'A location can have at most 30 services',
  tooManyAddresses: 'A location can have at most 10 addresses',
  addressEmpty: 'An address needs at least a line, city, postal code or text',
  addressUseInvalid: 'Use must be one of home, work, temp, old or billing',
  addressTypeInvalid: 'Type must be postal, physical or both',
  addressLineInvalid: 'An address line must be at most 200 characters',
  tooManyAddressLines: 'An address can have at most 4 lines',
  requestTooLarge: 'The request body is too large.',
  cannotDeleteSelf: 'You cannot delete your own user record.',
  // Validation: each names what its field expects, never the value sent (the field is the key).
  // One message for every text field (the server's `fields` names which): only an API client sends these characters.
  textInvalid: 'This field must be text without NUL or unpaired surrogate characters',
  objectExpected: 'This field must be an object',
  filterTooLong: 'The filter must be at most 100 characters',
  queryTooLong: 'The search text must be at most 200 characters',
  accountNameRequired: 'Name is required',
  accountNameTooLong: 'Name must be at most 200 characters',
  abbreviationTooLong: 'Abbreviation must be at most 20 characters',
  themeInvalid: 'Theme must be light, dark or system',
  localeInvalid: 'Locale is not a valid language tag',
  timeZoneInvalid: 'Time zone is not a known time zone',
  roleBeyondOwn: 'You can only grant a role whose permissions your own role also has.',
  // Issue 24: trust is a grant too — it lets another account's users act with a role's permissions.
  trustTargetBeyondOwn:
    'You can only point a trusted relationship or an assume role at a role whose permissions your own role also has: the role chosen has permissions yours lacks.',
  // Issue 24: a user's sign-in is a grant of the user's role — pointing it at one's own sign-in signs in with that role.
  userRoleBeyondOwn:
    "You can only change the sign-in (email, principal id), active state or role of a user, or delete a user, whose role's permissions your own role also has: this user's role has permissions yours lacks.",
  userSignInLocked: "This user's role has permissions yours lacks, so you cannot change their email, principal id, active state or role.",
  // Issue 24: editing a role beyond one's own (even reducing it) takes from its holders what the editor could not give back.
  roleEditBeyondOwn: 'You can only change or delete a role whose permissions your own role also has: this role has permissions yours lacks.',
  roleLocked: 'This role has permissions yours lacks, so you cannot change or delete it.',
  // Faults: the database is away for a moment; a retried submit.
  databaseUnavailable: 'Database unavailable: the change was not made or cannot be confirmed. Please try again in a moment.',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 200 visible characters.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request. Send a new key for a new submit.',
  // API keys (spec §2, §6, §7): their own refusals, worded for an administrator.
  apiKeyNameRequired: 'Name is required',
  apiKeyNameTooLong: 'Name must be at most 100 characters',
  apiKeyRoleRequired: 'Role is required',
  apiKeyActiveInvalid: 'Active must be true or false',
  apiKeyInvalid: 'This API key is not valid: it is unknown, inactive or deleted.',
  apiKeyNameTaken: 'Another API key of this account already has this name.',
  apiKeyNotForSelf: 'An API key cannot use the settings of a signed-in user.',
  // Call-center queues (spec §2 "Queue detail", §3 Queue). Bounds are ours.
  noQueueDispositions: 'No default queue dispositions configured.',
  imagePathTooLong: 'Image Path must be at most 1000 characters',
  greetingTooLong: 'A greeting must be at most 1000 characters',
  dispositionRequired: 'A disposition cannot be empty',
  dispositionTooLong: 'A disposition must be at most 100 characters',
  tooManyDispositions: 'A queue can have at most 50 dispositions',
  dispositionDuplicate: 'Each disposition may be listed once',
  contactCenterUnavailable: 'The contact center is not reachable right now, so the queues could not be refreshed. Please try again later.',
  contactCenterNotConfigured: "This account's Amazon Connect settings (instance id, region, role ARN and external id) are incomplete, so its queues cannot be listed.",
  contactCenterRoleNotAssumed:
    "The portal could not assume this account's Amazon Connect role. Check the role ARN and external id in the account's AWS Connect settings, and that the role's trust policy allows the portal with that external id.",
  // Success messages (issue 24): the spec's two exact texts ('Successfully Added Contact Point',
  // 'Successfully Saved Role', §2) and every other in the same words: Successfully Added/Saved <Thing>.
  contactPointAdded: 'Successfully Added Contact Point',
  contactPointSaved: 'Successfully Saved Contact Point',
  roleSaved: 'Successfully Saved Role',
  personSaved: 'Successfully Saved Person',
  userSaved: 'Successfully Saved User',
  practitionerSaved: 'Successfully Saved Practitioner',
  locationAdded: 'Successfully Added Location',
  locationSaved: 'Successfully Saved Location',
  issueAdded: 'Successfully Added Issue',
  issueSaved: 'Successfully Saved Issue',
  insuranceAdded: 'Successfully Added Insurance',
  insuranceSaved: 'Successfully Saved Insurance',
  scheduleSaved: 'Successfully Saved Schedule',
  taskAdded: 'Successfully Added Task',
  taskSaved: 'Successfully Saved Task',
  occurrenceSaved: 'Successfully Saved Occurrence',
  queueSaved: 'Successfully Saved Queue',
  apiKeySaved: 'Successfully Saved API Key',
  accountAdded: 'Successfully Added Account',
  accountSaved: 'Successfully Saved Account',
  domainAdded: 'Successfully Added Domain',
  campaignAdded: 'Successfully Added Campaign',
  campaignSaved: 'Successfully Saved Campaign',
  /** Spec §8: a CSV upload while the workflow (or what the import needs of it) is not loaded. */
  workflowNotLoaded: 'We could not load our own necessary information. Try again and contact support if issue persists',
} as const;

/** The sign-in page after too many failed attempts (per email or per client address). */
export function tooManySignInAttempts(minutes: number): string {
  return `Too many attempts, try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** A contact point's value already held by another of the account (same system, same normalised value). */
export function contactPointValueTaken(existing: { id: string; name: string }): string {
  return `This value already belongs to contact point "${existing.name}" (${existing.id})`;
}

/** An issue name already used by another issue of the account (names are told apart without case). */
export function issueNameTaken(existing: { id: string; name: string }): string {
  return `An issue named "${existing.name}" already exists (${existing.id})`;
}

/** A plan name already used by another insurance of the account. */
export function insurancePlanNameTaken(existing: { id: string; name: string }): string {
  return `An insurance plan named "${existing.name}" already exists (${existing.id})`;
}

/** The results grid's count (spec §2 "Campaigns": 'N Response(s)'). */
export function campaignResponseCount(n: number): string {
  return `${n} Response(s)`;
}

/** The response screen's title (spec §2 "Campaigns"). */
export function campaignResultTitle(name: string, responseId: string): string {
  return `Campaign Result for: ${name} Response ID: ${responseId}`;
}

/** The campaign edit screen's title (spec §2 "Campaigns"). */
export function editingCampaignTitle(id: string): string {
  return `Editing Campaign ID# ${id}`;
}

/**
 * What a field expects, for a schema issue that carries no message of its own (server/validate.ts).
 * Each names its field by its label ('{label}', from domain/fields.ts) and what it expects
 * ('{requirement}', from the schema), never the value sent (architecture "API shape").
 */
export const expectationMessages = {
  min_value: '{label} must be at least {requirement}',
  max_value: '{label} must be at most {requirement}',
  min_length_text: '{label} must have at least {requirement} characters',
  max_length_text: '{label} must have at most {requirement} characters',
  min_length_items: '{label} must have at least {requirement} items',
  max_length_items: '{label} must have at most {requirement} items',
  one_of: '{label} must be one of {requirement}',
  not_allowed: '{label} is not one of the allowed values',
  array: '{label} must be a list',
  bigint: '{label} must be a whole number',
  boolean: '{label} must be true or false',
  integer: '{label} must be a whole number',
  null: '{label} must be null',
  number: '{label} must be a number',
  object: '{label} must be an object',
  string: '{label} must be text',
  uuid: '{label} must be a UUID',
  email: '{label} must be an email address',
  iso_date: '{label} must be a date (YYYY-MM-DD)',
  non_empty: '{label} must not be empty',
  invalid: '{label} is not valid',
} as const;

/** An `expectationMessages` text with its label (and the schema's requirement) filled in. */
export function expectationMessage(key: keyof typeof expectationMessages, label: string, requirement = ''): string {
  return expectationMessages[key].replace('{label}', label).replace('{requirement}', requirement);
}
