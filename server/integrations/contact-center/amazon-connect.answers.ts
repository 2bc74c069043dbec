import {
  ResourceNotFoundException,
  type Contact,
  type ContactSearchSummary,
  type GetCurrentMetricDataCommandOutput,
  type GetMetricDataV2CommandOutput,
  type ListQueuesCommandOutput,
  type SearchContactsCommandOutput,
} from '@aws-sdk/client-connect';

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

/*
 * Contacts, metrics and recordings (issue 26), in the shapes of the Amazon Connect API Reference:
 *
 * - SearchContacts: "Response Syntax" — Contacts of ContactSearchSummary (Arn, Id, InitialContactId,
 *   PreviousContactId, InitiationMethod, Channel, QueueInfo {Id, EnqueueTimestamp}, AgentInfo {Id,
 *   ConnectedToAgentTimestamp}, InitiationTimestamp, DisconnectTimestamp), NextToken, TotalCount.
 * - DescribeContact: "Response Syntax" — Contact with Arn, Id, InitialContactId, PreviousContactId,
 *   InitiationMethod, Channel, QueueInfo, AgentInfo (ConnectedToAgentTimestamp,
 *   AfterContactWorkStartTimestamp/EndTimestamp/Duration, AgentInitiatedHoldDuration),
 *   InitiationTimestamp, ConnectedToSystemTimestamp, DisconnectTimestamp, LastUpdateTimestamp,
 *   CustomerEndpoint/SystemEndpoint {Type, Address}, DisconnectReason, Recordings of RecordingInfo
 *   (StorageType, Location, MediaStreamType, ParticipantType, StartTimestamp, StopTimestamp, Status).
 *   The recording locations follow the call-recording path Connect writes
 *   (`<bucket>/connect/<instance alias>/CallRecordings/<yyyy>/<mm>/<dd>/<contact id>_<timestamp>.wav`).
 * - GetContactAttributes: "Response Syntax" — Attributes, a string map.
 * - DescribeUser: "Response Syntax" — User {Id, Arn, Username, IdentityInfo {FirstName, LastName, Email}}.
 * - GetCurrentMetricData: "Response Syntax" — MetricResults of {Dimensions {Queue {Id, Arn}, Channel},
 *   Collections of {Metric {Name, Unit}, Value}}, DataSnapshotTime, NextToken.
 * - GetMetricDataV2: "Response Syntax" — MetricResults of MetricResultV2 {Dimensions (string map, key
 *   QUEUE), Collections of MetricDataV2 {Metric {Name}, Value}}, NextToken.
 * - S3 GetObject: the object's bytes and ContentType (the SDK's Body stream, of which the adapter
 *   uses `transformToByteArray`).
 */
export const connectQueues = {
  main: '1e7ce6d2-4d4f-4c8f-8b7f-4a9a2d3e5f02',
  billing: '2f8df7e3-5e5a-4d9a-9c8a-5bab3e4f6a03',
  nurse: '3a9ea8f4-6f6b-4eab-8d9b-6cbc4f5a7b04',
  scheduling: '5cbacab6-8b8d-4acd-8fbd-8ede6b7c9d06',
} as const;
export const agents = {
  ana: { Id: '7d5e1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b', Username: 'ana.ruiz@practice.example', FirstName: 'Ana', LastName: 'Ruiz' },
  ben: { Id: '8e6f2b3c-4d5e-4f6a-9b0c-1d2e3f4a5b6c', Username: 'ben.cole@practice.example', FirstName: 'Ben', LastName: 'Cole' },
} as const;
/** The window the contacts are in. */
export const contactWindow = { since: new Date('2024-03-01T16:00:00Z'), until: new Date('2024-03-01T20:00:00Z') };

const at = (time: string) => new Date(`2024-03-01T${time}Z`);
const contactArn = (instanceId: string, id: string) => `arn:aws:connect:${region}:${awsAccountId}:instance/${instanceId}/contact/${id}`;
const recording = (id: string, start: string, stop: string) => ({
  StorageType: 'S3' as const,
  Location: `amzn-s3-demo-bucket/connect/example-instance/CallRecordings/2024/03/01/${id}_20240301T${start.replace(/:/g, '').slice(0, 4)}_UTC.wav`,
  MediaStreamType: 'AUDIO' as const,
  ParticipantType: 'ALL' as const,
  StartTimestamp: at(start),
  StopTimestamp: at(stop),
  Status: 'AVAILABLE' as const,
});
const endpoint = (address: string) => ({ Type: 'TELEPHONE_NUMBER' as const, Address: address });

export const contactIds = {
  answered: 'c1a1b2c3-0001-4000-8000-000000000001',
  transferred: 'c1a1b2c3-0002-4000-8000-000000000002',
  abandoned: 'c1a1b2c3-0003-4000-8000-000000000003',
  outbound: 'c1a1b2c3-0004-4000-8000-000000000004',
  other: 'c1a1b2c3-0005-4000-8000-000000000005',
} as const;

/** DescribeContact's Contact of each id (instance a: an inbound call transferred to a second queue, an abandoned call, an outbound call; instance b: one inbound call). */
export const describedContacts: Record<string, Contact> = {
  [contactIds.answered]: {
    Arn: contactArn(instances.a, contactIds.answered),
    Id: contactIds.answered,
    InitialContactId: contactIds.answered,
    InitiationMethod: 'INBOUND',
    Channel: 'VOICE',
    QueueInfo: { Id: connectQueues.main, EnqueueTimestamp: at('16:05:40') },
    AgentInfo: { Id: agents.ana.Id, ConnectedToAgentTimestamp: at('16:06:25'), AgentInitiatedHoldDuration: 30, AfterContactWorkStartTimestamp: at('16:12:10'), AfterContactWorkEndTimestamp: at('16:13:00'), AfterContactWorkDuration: 50 },
    InitiationTimestamp: at('16:05:00'),
    ConnectedToSystemTimestamp: at('16:05:02'),
    DisconnectTimestamp: at('16:12:10'),
    LastUpdateTimestamp: at('16:13:00'),
    CustomerEndpoint: endpoint('+15035550123'),
    SystemEndpoint: endpoint('+18005550100'),
    DisconnectReason: 'AGENT_DISCONNECT',
    Recordings: [recording(contactIds.answered, '16:06:25', '16:12:10')],
  },
  [contactIds.transferred]: {
    Arn: contactArn(instances.a, contactIds.transferred),
    Id: contactIds.transferred,
    InitialContactId: contactIds.answered,
    PreviousContactId: contactIds.answered,
    InitiationMethod: 'QUEUE_TRANSFER',
    Channel: 'VOICE',
    QueueInfo: { Id: connectQueues.nurse, EnqueueTimestamp: at('16:12:10') },
    AgentInfo: { Id: agents.ben.Id, ConnectedToAgentTimestamp: at('16:14:00'), AfterContactWorkStartTimestamp: at('16:20:00'), AfterContactWorkEndTimestamp: at('16:21:30'), AfterContactWorkDuration: 90 },
    InitiationTimestamp: at('16:12:10'),
    DisconnectTimestamp: at('16:20:00'),
    LastUpdateTimestamp: at('16:21:30'),
    CustomerEndpoint: endpoint('+15035550123'),
    DisconnectReason: 'CUSTOMER_DISCONNECT',
    Recordings: [recording(contactIds.transferred, '16:14:00', '16:20:00')],
  },
  [contactIds.abandoned]: {
    Arn: contactArn(instances.a, contactIds.abandoned),
    Id: contactIds.abandoned,
    InitialContactId: contactIds.abandoned,
    InitiationMethod: 'INBOUND',
    Channel: 'VOICE',
    QueueInfo: { Id: connectQueues.billing, EnqueueTimestamp: at('17:00:30') },
    InitiationTimestamp: at('17:00:00'),
    ConnectedToSystemTimestamp: at('17:00:01'),
    DisconnectTimestamp: at('17:04:45'),
    LastUpdateTimestamp: at('17:04:45'),
    CustomerEndpoint: endpoint('+12065550188'),
    SystemEndpoint: endpoint('+18005550100'),
    DisconnectReason: 'CUSTOMER_DISCONNECT',
  },
  [contactIds.outbound]: {
    Arn: contactArn(instances.a, contactIds.outbound),
    Id: contactIds.outbound,
    InitialContactId: contactIds.outbound,
    InitiationMethod: 'OUTBOUND',
    Channel: 'VOICE',
    QueueInfo: { Id: connectQueues.main, EnqueueTimestamp: at('18:30:00') },
    AgentInfo: { Id: agents.ana.Id, ConnectedToAgentTimestamp: at('18:30:00'), AfterContactWorkStartTimestamp: at('18:34:00'), AfterContactWorkEndTimestamp: at('18:34:40'), AfterContactWorkDuration: 40 },
    InitiationTimestamp: at('18:30:00'),
    DisconnectTimestamp: at('18:34:00'),
    LastUpdateTimestamp: at('18:34:40'),
    CustomerEndpoint: endpoint('+14155550142'),
    SystemEndpoint: endpoint('+18005550100'),
    DisconnectReason: 'CUSTOMER_DISCONNECT',
    Recordings: [recording(contactIds.outbound, '18:30:00', '18:34:00')],
  },
  [contactIds.other]: {
    Arn: contactArn(instances.b, contactIds.other),
    Id: contactIds.other,
    InitialContactId: contactIds.other,
    InitiationMethod: 'INBOUND',
    Channel: 'VOICE',
    QueueInfo: { Id: connectQueues.scheduling, EnqueueTimestamp: at('16:30:20') },
    AgentInfo: { Id: agents.ben.Id, ConnectedToAgentTimestamp: at('16:31:00'), AfterContactWorkStartTimestamp: at('16:35:00'), AfterContactWorkEndTimestamp: at('16:35:30'), AfterContactWorkDuration: 30 },
    InitiationTimestamp: at('16:30:00'),
    DisconnectTimestamp: at('16:35:00'),
    LastUpdateTimestamp: at('16:35:30'),
    CustomerEndpoint: endpoint('+13125550177'),
    SystemEndpoint: endpoint('+18005550111'),
    DisconnectReason: 'CUSTOMER_DISCONNECT',
    Recordings: [recording(contactIds.other, '16:31:00', '16:35:00')],
  },
};

/** SearchContacts' summary of a described contact (the fields the summary has). */
export const summaryOf = (c: Contact): ContactSearchSummary => ({
  Arn: c.Arn,
  Id: c.Id,
  InitialContactId: c.InitialContactId,
  PreviousContactId: c.PreviousContactId,
  InitiationMethod: c.InitiationMethod,
  Channel: c.Channel,
  QueueInfo: c.QueueInfo ? { Id: c.QueueInfo.Id, EnqueueTimestamp: c.QueueInfo.EnqueueTimestamp } : undefined,
  AgentInfo: c.AgentInfo ? { Id: c.AgentInfo.Id, ConnectedToAgentTimestamp: c.AgentInfo.ConnectedToAgentTimestamp } : undefined,
  InitiationTimestamp: c.InitiationTimestamp,
  DisconnectTimestamp: c.DisconnectTimestamp,
});

/** SearchContacts pages per instance: instance a in two pages, instance b in one. */
export const searchPages: Record<string, SearchContactsCommandOutput[]> = {
  [instances.a]: [
    { $metadata: { httpStatusCode: 200 }, Contacts: [summaryOf(describedContacts[contactIds.answered]!), summaryOf(describedContacts[contactIds.transferred]!)], TotalCount: 4, NextToken: 'AAIAAZUwtVNs7fEXAMPLEsearch1' },
    { $metadata: { httpStatusCode: 200 }, Contacts: [summaryOf(describedContacts[contactIds.abandoned]!), summaryOf(describedContacts[contactIds.outbound]!)], TotalCount: 4 },
  ],
  [instances.b]: [{ $metadata: { httpStatusCode: 200 }, Contacts: [summaryOf(describedContacts[contactIds.other]!)], TotalCount: 1 }],
};

export const contactAttributes: Record<string, Record<string, string>> = {
  [contactIds.answered]: { disposition: 'Transferred to nurse', reason: 'symptoms', language: 'en-US' },
  [contactIds.abandoned]: { reason: 'billing' },
  [contactIds.outbound]: { disposition: 'Appointment booked' },
  [contactIds.other]: { disposition: 'Question answered' },
};

export const describedUsers = Object.fromEntries(
  Object.values(agents).map((a) => [
    a.Id,
    { $metadata: { httpStatusCode: 200 }, User: { Id: a.Id, Arn: `arn:aws:connect:${region}:${awsAccountId}:instance/${instances.a}/agent/${a.Id}`, Username: a.Username, IdentityInfo: { FirstName: a.FirstName, LastName: a.LastName, Email: a.Username } } },
  ]),
);

/** GetCurrentMetricData grouped by queue: Main Line has two calls waiting, the oldest for 95 s. */
export function currentMetrics(queueIds: string[]): GetCurrentMetricDataCommandOutput {
  const figures: Record<string, [number, number, number, number]> = { [connectQueues.main]: [2, 3, 1, 95], [connectQueues.billing]: [0, 1, 2, 0] };
  return {
    $metadata: { httpStatusCode: 200 },
    MetricResults: queueIds.map((id) => {
      const [inQueue, onContact, available, oldest] = figures[id] ?? [0, 0, 0, 0];
      return {
        Dimensions: { Queue: { Id: id, Arn: `arn:aws:connect:${region}:${awsAccountId}:instance/${instances.a}/queue/${id}` }, Channel: 'VOICE' as const },
        Collections: [
          { Metric: { Name: 'CONTACTS_IN_QUEUE' as const, Unit: 'COUNT' as const }, Value: inQueue },
          { Metric: { Name: 'AGENTS_ON_CONTACT' as const, Unit: 'COUNT' as const }, Value: onContact },
          { Metric: { Name: 'AGENTS_AVAILABLE' as const, Unit: 'COUNT' as const }, Value: available },
          { Metric: { Name: 'OLDEST_CONTACT_AGE' as const, Unit: 'SECONDS' as const }, Value: oldest },
        ],
      };
    }),
    DataSnapshotTime: new Date('2024-03-01T17:09:11.493Z'),
  };
}

/** GetMetricDataV2 grouped by queue. */
export function historicMetrics(queueIds: string[]): GetMetricDataV2CommandOutput {
  return {
    $metadata: { httpStatusCode: 200 },
    MetricResults: queueIds.map((id, i) => ({
      Dimensions: { QUEUE: id },
      Collections: [
        { Metric: { Name: 'CONTACTS_HANDLED' }, Value: 12 - i },
        { Metric: { Name: 'CONTACTS_ABANDONED' }, Value: i },
        { Metric: { Name: 'AVG_HANDLE_TIME' }, Value: 312.4 },
        { Metric: { Name: 'AVG_QUEUE_ANSWER_TIME' }, Value: 41.6 },
      ],
    })),
  };
}
