import type { AccessPolicy } from '../../domain/api.ts';
import { restorableResources } from '../../domain/restorable.ts';

/**
 * Whether the role may delete a soft-deletable kind, so has something "Recently deleted" could show
 * (admins pass). Apart from soft-delete.ts: the palette's commands read it with the first screen,
 * and soft-delete.ts brings the messages and valibot.
 */
export const mayDeleteAny = (policy: AccessPolicy) => policy.instanceAdmin || restorableResources.some((resource) => policy.resources[resource]?.DELETE === true);
