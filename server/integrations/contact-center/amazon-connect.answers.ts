import { ResourceNotFoundException, type ListQueuesCommandOutput } from '@aws-sdk/client-connect';

/**
 * Answers of AWS in the shapes AWS documents, for the adapter's tests (never edited to make a
 * test pass; a test that needs another moment moves its clock instead).
 *
 * - AssumeRole: the example response of the AWS STS API Reference ("AssumeRole", Examples),
 *   as the SDK parses it (Expiration a Date).
 * - ListQueues: the response syntax of the Amazon Connect API Reference ("ListQueues",
 *   QueueSummaryList of QueueSummary: Arn, Id, LastModifiedRegion, LastModifiedTime, Name,
 *   QueueType; NextToken while more results remain), with ids and ARNs in Connect's layout.
 */
export const assumeRoleAnswer = {
  $metadata: { httpStatusCode: 200, requestId: 'c6104cbe-af31-11e0-8154-cbc7ccf896c7' },
  SourceIdentity: 'DevUser123',
  AssumedRoleUser: { Arn: 'arn:aws:sts::123456789012:assumed-role/demo/John', AssumedRoleId: 'ARO123EXAMPLE123:John' },
  Credentials: {
    AccessKeyId: 'ASIAIOSFODNN7EXAMPLE',
    SecretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY',
    SessionToken:
      'AQoDYXdzEPT//////////wEXAMPLEtc764bNrC9SAPBSM22wDOk4x4HIZ8j4FZTwdQWLWsKWHGBuFqwAeMicRXmxfpSPfIeoIYRqTflfKD8YUuwthAx7mSEI/qkPpKPi/kMcGdQrmGdeehM4IC1NtBmUpp2wUE8phUZampKsburEDy0KPkyQDYwT7WZ0wq5VSXDvp75YU9HFvlRd8Tx6q6fE8YQcHNVXAkiY9q6d+xo0rKwT38xVqr7ZD0u0iPPkUL64lIZbqBAz+scqKmlzm8FDrypNC9Yjc8fPOLn9FX9KSYvKTr4rvx3iSIlTJabIQwj2ICCR/oLxBA==',
    Expiration: new Date('2019-11-09T13:34:41Z'),
  },
  PackedPolicySize: 6,
};
/** A moment the example's credentials are good at: one hour before they expire. */
export const beforeExpiry = new Date('2019-11-09T12:34:41Z').getTime();

/** STS refusing AssumeRole (the role's trust policy does not allow the caller, or the external id differs): 403 AccessDenied. */
export function accessDenied() {
  return Object.assign(new Error('User: arn:aws:iam::111122223333:user/portal is not authorized to perform: sts:AssumeRole on resource: arn:aws:iam::123456789012:role/demo'), {
    name: 'AccessDenied',
    $fault: 'client',
    $metadata: { httpStatusCode: 403, requestId: '4f8e9c1a-7a1b-4c3d-9e2f-0a1b2c3d4e5f' },
  });
}

/** Connect's ResourceNotFoundException (documented for ListQueues: the instance does not exist). */
export function instanceNotFound() {
  return new ResourceNotFoundException({ message: 'Instance not found', $metadata: { httpStatusCode: 404, requestId: '0d8f3e42-5b2a-4b8e-9f1c-2a3b4c5d6e7f' } });
}

const region = 'us-west-2';
const awsAccountId = '123456789012';
export const instances = { a: 'a1b2c3d4-5678-40ab-8def-111111111111', b: 'b1b2c3d4-5678-40ab-8def-222222222222' } as const;

const summary = (instanceId: string, id: string, name: string) => ({
  Arn: `arn:aws:connect:${region}:${awsAccountId}:instance/${instanceId}/queue/${id}`,
  Id: id,
  LastModifiedRegion: region,
  LastModifiedTime: new Date('2024-03-01T17:09:11.493Z'),
  Name: name,
  QueueType: 'STANDARD' as const,
});

/** Instance a: three pages (ListQueues pages by NextToken). */
export const instanceAPages: ListQueuesCommandOutput[] = [
  {
    $metadata: { httpStatusCode: 200 },
    QueueSummaryList: [summary(instances.a, '0d6bd5c1-3c3f-4b7e-9a6e-3f8f1c2d4e01', 'BasicQueue'), summary(instances.a, '1e7ce6d2-4d4f-4c8f-8b7f-4a9a2d3e5f02', 'Main Line')],
    NextToken: 'AAIAAZUwtVNs7fEXAMPLEtoken1',
  },
  {
    $metadata: { httpStatusCode: 200 },
    QueueSummaryList: [summary(instances.a, '2f8df7e3-5e5a-4d9a-9c8a-5bab3e4f6a03', 'Billing')],
    NextToken: 'AAIAAZUwtVNs7fEXAMPLEtoken2',
  },
  {
    $metadata: { httpStatusCode: 200 },
    QueueSummaryList: [summary(instances.a, '3a9ea8f4-6f6b-4eab-8d9b-6cbc4f5a7b04', 'Nurse Triage')],
  },
];

/** Instance b: one page. */
export const instanceBPages: ListQueuesCommandOutput[] = [
  {
    $metadata: { httpStatusCode: 200 },
    QueueSummaryList: [summary(instances.b, '4bafb9a5-7a7c-4fbc-9eac-7dcd5a6b8c05', 'BasicQueue'), summary(instances.b, '5cbacab6-8b8d-4acd-8fbd-8ede6b7c9d06', 'Scheduling')],
  },
];
