import type { DeletedDescriptor } from '../../soft-delete.ts';
import { contactPointDeleted } from '../contact-points/index.ts';
import { insuranceDeleted } from '../insurances/index.ts';
import { interactionDeleted } from '../interactions/index.ts';
import { issueDeleted } from '../issues/index.ts';
import { locationDeleted } from '../locations/index.ts';
import { scheduleDeleted, taskDeleted } from '../schedules/index.ts';
import { tagDeleted } from '../tags/index.ts';

/** Every type "Recently deleted" lists (the descriptor: server/soft-delete.ts): each area adds its descriptor here, one line. */
export const deletedRegistry: DeletedDescriptor[] = [
  contactPointDeleted,
  locationDeleted,
  issueDeleted,
  insuranceDeleted,
  scheduleDeleted,
  taskDeleted,
  tagDeleted,
  interactionDeleted,
];
