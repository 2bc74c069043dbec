/**
 * The permission catalogue of spec §6: every resource a role can be granted, with the HTTP
 * methods the role form offers for it. The server enforces exactly this list (each API route
 * names one entry) and the role form renders it, so the two cannot drift.
 */
export const httpMethods = ['GET', 'POST', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

const crud = httpMethods;

export const permissionCatalogue = [
  { resource: '/permissions/accesspolicy', label: 'Portal access policy', methods: ['GET'] },
  { resource: '/accounts/account', label: 'Account', methods: ['GET', 'POST', 'PATCH'] },
  { resource: '/accounts/account/domain', label: 'Account domain', methods: ['GET', 'POST', 'PATCH'] },
  { resource: '/interactions/interactions', label: 'Interactions', methods: crud },
  { resource: '/person/persons', label: 'Persons', methods: crud },
  { resource: '/person/persons/{id}', label: 'Individual person', methods: crud },
  { resource: '/person/practitioners', label: 'Practitioners', methods: crud },
  { resource: '/person/practitioners/{id}', label: 'Individual practitioner', methods: crud },
  { resource: '/person/users', label: 'Users', methods: crud },
  { resource: '/person/users/{id}', label: 'Individual user', methods: crud },
  { resource: '/contactpoints/contact-points', label: 'Contact points', methods: crud },
  { resource: '/contactpoints/contact-points/{id}', label: 'Individual contact point', methods: crud },
  { resource: '/locations/locations', label: 'Locations', methods: crud },
  { resource: '/locations/locations/{id}', label: 'Individual location', methods: crud },
  // Not in spec §6's list (issue 9): the practice data it leaves out, enforced the same way.
  { resource: '/schedule/schedule', label: 'Schedules', methods: crud },
  { resource: '/schedule/schedule/{id}', label: 'Individual schedule', methods: crud },
  { resource: '/issues', label: 'Issues', methods: crud },
  { resource: '/issues/{id}', label: 'Individual issue', methods: crud },
  { resource: '/insurances', label: 'Insurances', methods: crud },
  { resource: '/insurances/{id}', label: 'Individual insurance', methods: crud },
  { resource: '/tag', label: 'Tags', methods: crud },
  { resource: '/tag/{id}', label: 'Individual tag', methods: crud },
  // Not in spec §6's list (issue 26): the practice's own teams of persons (spec §7 `/teams/teams`), not
  // the team service's. Adding or removing a member is a PATCH of the team.
  { resource: '/teams/teams', label: 'Practice teams', methods: crud },
  { resource: '/teams/teams/{id}', label: 'Individual practice team', methods: crud },
  // Not in spec §6's list (issue 11): always the caller's own notifications (POST sends one to a user of the account).
  { resource: '/notifications/notifications', label: 'Notifications', methods: ['GET', 'POST'] },
  { resource: '/notifications/notifications/{id}', label: 'Individual notification', methods: ['GET', 'PATCH', 'DELETE'] },
  { resource: '/permissions/roles', label: 'Roles', methods: crud },
  { resource: '/permissions/roles/{id}', label: 'Individual role', methods: crud },
  { resource: '/permissions/policies', label: 'Policies', methods: crud },
  { resource: '/permissions/policies/{id}', label: 'Individual policy', methods: crud },
  // Not in spec §6's list (issue 43): the practice's task workflows, listed and created.
  { resource: '/workflows', label: 'Workflows', methods: ['GET', 'POST'] },
  { resource: '/workflows/{id}', label: 'Individual workflow', methods: crud },
  // Not in spec §6's list (issue 42): call-masking sessions (the patient's page, spec §7 `/call_masking/callMask/{id}`,
  // needs no grant). PATCH ends a session.
  { resource: '/call_masking/sessions', label: 'Masked call links', methods: ['GET', 'POST'] },
  { resource: '/call_masking/sessions/{id}', label: 'Individual masked call link', methods: ['GET', 'PATCH'] },
  // Not in spec §6's list (issue 42): the practice's Twilio numbers, the one it calls from, and its masked calls' default limits.
  { resource: '/telephony/settings', label: 'Telephony settings', methods: ['GET', 'PATCH'] },
  // Not in spec §6's list (issue 42): the practice's web chat (on or off, the sites that may frame its widget). A
  // conversation is an interaction: reading and answering one is the interactions' GET and PATCH.
  { resource: '/chat/settings', label: 'Web chat settings', methods: ['GET', 'PATCH'] },
  // Not in spec §6's list (issue 44): the practice's webhook endpoints, their delivery log and resends.
  { resource: '/webhooks', label: 'Webhooks', methods: crud },
  { resource: '/contactpoints/vip/{value}', label: 'Contact point VIP lookup by value', methods: ['GET'] },
  { resource: '/teamsbot/graph/users', label: 'Team-service users', methods: ['GET'] },
  { resource: '/teamsbot/graph/team', label: 'Team-service groups', methods: ['GET'] },
  { resource: '/teamsbot/graph/team/{teamId}', label: 'Install bot on a team', methods: ['POST'] },
  { resource: '/teamsbot/graph/team/{teamId}/channels', label: 'Team channels', methods: ['GET'] },
  {
    resource: '/teamsbot/graph/team/{teamId}/channels/{channelId}/messages',
    label: 'Send message to channel',
    methods: ['POST'],
  },
  { resource: '/permissions/apikeys', label: 'API keys', methods: ['GET', 'POST'] },
  { resource: '/permissions/apikeys/{id}', label: 'Individual API key', methods: ['GET', 'PATCH', 'DELETE'] },
  { resource: '/callcenter/queues', label: 'Call-center queues', methods: ['GET', 'POST'] },
  { resource: '/callcenter/queues/{queueId}', label: 'Individual queue', methods: ['GET', 'PATCH', 'DELETE'] },
  { resource: '/callcenter/ccp', label: 'Call control panel', methods: ['GET', 'POST'] },
  { resource: '/metrics/realtime', label: 'Realtime metrics', methods: ['GET'] },
  { resource: '/metrics/historic', label: 'Historic metrics', methods: ['GET'] },
  // Not in spec §6's list (issue 11): survey campaigns and their responses (the public survey needs no grant).
  { resource: '/surveys/campaigns', label: 'Survey campaigns', methods: ['GET', 'POST'] },
  { resource: '/surveys/campaigns/{id}', label: 'Individual campaign', methods: ['GET', 'PATCH'] },
  { resource: '/surveys/campaigns/{campaignId}/surveys', label: 'Campaign responses', methods: ['GET'] },
  // Not in spec §6's list (issue 24): the system log of changes, each entry shown only to a role that
  // may read the record it is about; and the access log (who read which patient's data), for administrators.
  { resource: '/audit/entries', label: 'System log', methods: ['GET'] },
  { resource: '/audit/views', label: 'Access log (who read patient data)', methods: ['GET'] },
] as const satisfies readonly { resource: string; label: string; methods: readonly HttpMethod[] }[];

export type Resource = (typeof permissionCatalogue)[number]['resource'];

/** Granted methods per resource, as stored on a role (spec §3 Role.resources). */
export type ResourceGrants = Partial<Record<string, Partial<Record<HttpMethod, boolean>>>>;

/** The human name of a resource ("Persons"), as the role form shows it. */
export const permissionLabel = (resource: Resource): string => permissionCatalogue.find((entry) => entry.resource === resource)?.label ?? resource;

export const isResource = (value: string): value is Resource =>
  permissionCatalogue.some((entry) => entry.resource === value);

/** Default deny: only an explicit `true` for a catalogue method grants anything. */
export function isAllowed(grants: ResourceGrants | undefined, resource: Resource, method: HttpMethod): boolean {
  const entry = permissionCatalogue.find((e) => e.resource === resource);
  if (!entry || !(entry.methods as readonly HttpMethod[]).includes(method)) return false;
  return grants?.[resource]?.[method] === true;
}

/** Keeps only catalogue resources and methods with `true`, so stored roles never carry junk. */
export function normaliseGrants(grants: ResourceGrants): ResourceGrants {
  const out: ResourceGrants = {};
  for (const entry of permissionCatalogue) {
    const methods: Partial<Record<HttpMethod, boolean>> = {};
    for (const method of entry.methods) if (grants[entry.resource]?.[method] === true) methods[method] = true;
    if (Object.keys(methods).length > 0) out[entry.resource] = methods;
  }
  return out;
}

export function grantAll(filter: (resource: Resource) => boolean = () => true, methods: readonly HttpMethod[] = httpMethods): ResourceGrants {
  const out: ResourceGrants = {};
  for (const entry of permissionCatalogue) {
    if (!filter(entry.resource)) continue;
    const granted = entry.methods.filter((m) => methods.includes(m));
    if (granted.length) out[entry.resource] = Object.fromEntries(granted.map((m) => [m, true]));
  }
  return out;
}
