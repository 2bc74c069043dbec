import { fromAreas } from '../../area.ts';
import type { DeletedDescriptor } from '../../soft-delete.ts';

/** Every type "Recently deleted" lists (the descriptor: server/soft-delete.ts): each area's `deleted` (server/routes/<area>/area.ts). */
export const deletedRegistry = fromAreas((areas): readonly DeletedDescriptor[] => areas.flatMap((area) => area.deleted ?? []));
