/**
 * API keys (spec §2, §3, §6, §7): a named secret of an account, linked to one of its roles and
 * active or not. The API accepts the secret instead of a signed-in user's token and acts with the
 * linked role in the key's account. Shared by the API (validation) and the SPA (forms).
 */
import * as v from 'valibot';
import { flag, objectWith, expectedVersion } from './catalogue.ts';
import { messages } from './messages.ts';
import { listQuerySchema } from './list-query.ts';
import { type CommonFields } from './records.ts';
import { requiredText } from './text.ts';
import { apiKeySortColumns } from './lists.ts';

export const apiKeyLimits = { name: 100 } as const;

/**
 * Every secret starts with this, so the API tells a key from a JWT by looking (a JWT starts with
 * `eyJ`) and a secret pasted into a chat or a repository is recognisable as ours.
 */
export const apiKeyPrefix = 'ak_';

/** A secret as issued: the prefix and 256 random bits in base64url (43 characters). */
export const apiKeyPattern = /^ak_[A-Za-z0-9_-]{43}$/;

/** A key's last use is written at most this often, so reads with a key stay reads. */
export const apiKeyLastUseIntervalMs = 60_000;

const nameField = requiredText(apiKeyLimits.name, messages.apiKeyNameRequired, messages.apiKeyNameTooLong);
const roleIdField = v.pipe(v.string(messages.apiKeyRoleRequired), v.nonEmpty(messages.apiKeyRoleRequired), v.uuid(messages.roleIdInvalid), v.toLowerCase());

/** `POST /permissions/apikeys`: a name and a role of the account; a new key is active unless said otherwise. */
export const apiKeyCreateSchema = objectWith(
  {
    name: nameField,
    roleId: roleIdField,
    active: v.optional(flag('active'), true),
  },
  { name: messages.apiKeyNameRequired, roleId: messages.apiKeyRoleRequired },
);
export type ApiKeyCreate = v.InferInput<typeof apiKeyCreateSchema>;

/** `PATCH /permissions/apikeys/{id}` (spec §7: body active, roleId, name), with the version edited. */
export const apiKeyPatchSchema = objectWith(
  {
    version: expectedVersion,
    name: v.optional(nameField),
    roleId: v.optional(roleIdField),
    active: v.optional(flag('active')),
  },
  {},
);
export type ApiKeyPatch = v.InferInput<typeof apiKeyPatchSchema>;

export { apiKeySortColumns };
export type ApiKeySort = (typeof apiKeySortColumns)[number];
export const apiKeyListQuerySchema = listQuerySchema(apiKeySortColumns);

/** A key as the API answers it: never its secret (only the create answer carries that, once). */
export type ApiKey = CommonFields & {
  resourceType: 'ApiKey';
  name: string;
  active: boolean;
  /** Null once the linked role was deleted: the key then may do nothing. */
  roleId: string | null;
  roleName: string | null;
  /** The secret's first characters, so an administrator can tell which key a client holds. */
  hint: string;
  lastUsedAt: string | null;
};

/** `POST /permissions/apikeys`: the key, and its secret, shown this once. */
export type ApiKeyCreated = ApiKey & { secret: string };

/** A row of `GET /permissions/apikeys`: the whole key as its page reads it (spec §3, issue 44; never its secret). */
export type ApiKeyListItem = ApiKey;
/** `GET /permissions/apikeys`: the answer has `apiKeys` (spec §7), with paging. */
export type ApiKeyList = { apiKeys: ApiKeyListItem[]; total: number; limit: number; offset: number };

/** How the audit log and the records' created/modified-by name a key acting. */
export const apiKeyActorName = (name: string) => `API key “${name}”`;
