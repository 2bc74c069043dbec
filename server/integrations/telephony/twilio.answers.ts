/**
 * Answers of Twilio's REST API in the shapes Twilio documents, for the adapter's tests (never
 * edited to make a test pass):
 *
 * - a Call created (`POST /2010-04-01/Accounts/{AccountSid}/Calls.json`, 201) and a Message
 *   created (`POST …/Messages.json`, 201): the example responses of Twilio's "Call resource" and
 *   "Message resource" references, with their own SIDs;
 * - errors as Twilio sends them (`{ code, message, more_info, status }`): 21610 (the recipient
 *   replied STOP), 21211 (invalid To), 21212 (invalid From), 21606 (the From number cannot send
 *   this), 20429 with HTTP 429 (too many requests), and a 500 from an upstream failure.
 */
export const accountSid = 'ACaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
export const authToken = '12345678901234567890123456789012';

export const callCreated = {
  account_sid: accountSid,
  annotation: null,
  answered_by: null,
  api_version: '2010-04-01',
  caller_name: null,
  date_created: 'Tue, 31 Aug 2010 20:36:28 +0000',
  date_updated: 'Tue, 31 Aug 2010 20:36:44 +0000',
  direction: 'outbound-api',
  duration: '0',
  end_time: null,
  forwarded_from: null,
  from: '+14155551212',
  from_formatted: '(415) 555-1212',
  group_sid: null,
  parent_call_sid: null,
  phone_number_sid: 'PNaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  price: null,
  price_unit: 'USD',
  sid: 'CAaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  start_time: null,
  status: 'queued',
  subresource_uris: {
    notifications: '/2010-04-01/Accounts/ACaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/Calls/CAaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/Notifications.json',
    recordings: '/2010-04-01/Accounts/ACaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/Calls/CAaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/Recordings.json',
  },
  to: '+14155551212',
  to_formatted: '(415) 555-1212',
  trunk_sid: null,
  uri: '/2010-04-01/Accounts/ACaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/Calls/CAaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.json',
  queue_time: '1000',
};

export const messageCreated = {
  account_sid: accountSid,
  api_version: '2010-04-01',
  body: 'Hello! 👍',
  date_created: 'Thu, 24 Aug 2023 05:01:45 +0000',
  date_sent: null,
  date_updated: 'Thu, 24 Aug 2023 05:01:45 +0000',
  direction: 'outbound-api',
  error_code: null,
  error_message: null,
  from: '+14155552345',
  num_media: '0',
  num_segments: '1',
  price: null,
  price_unit: null,
  messaging_service_sid: null,
  sid: 'SMaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  status: 'queued',
  subresource_uris: { media: '/2010-04-01/Accounts/ACaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/Messages/SMaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/Media.json' },
  to: '+14155552345',
  uri: '/2010-04-01/Accounts/ACaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/Messages/SMaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.json',
};

const error = (status: number, code: number, message: string) => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

export const errors = {
  unsubscribed: error(400, 21610, 'Attempt to send to unsubscribed recipient'),
  invalidTo: error(400, 21211, "Invalid 'To' Phone Number: +1500555000"),
  invalidFrom: error(400, 21212, 'Invalid From Number (caller ID): +15005550001'),
  senderNotCapable: error(400, 21606, "The From phone number +15005550007 is not a valid, SMS-capable inbound phone number or short code for your account."),
  tooManyRequests: error(429, 20429, 'Too Many Requests'),
  upstream: error(500, 20500, 'Internal Server Error'),
};
