import { messages } from '../../../domain/messages.ts';
import { CreateScreen } from '../../components/ui/create-screen.tsx';
import { Button } from '../../components/ui/button.tsx';
import { LeaveGuard } from '../../components/ui/leave-guard.tsx';
import { useToast } from '../../lib/toast.ts';
import { ContactPointForm, newContactPoint, toBody } from './contact-point-form.tsx';
import { useCreateContactPoint } from './queries.ts';

/** Spec §9: the creation snackbar shows 3000 ms. */
export const createdSnackbarMs = 3000;

/**
 * Create contact point (spec §2): the spec's defaults, Save, then the snackbar
 * `Successfully Added Contact Point` and a fresh form (focus back in Name) for the next one.
 */
export function ContactPointCreateScreen() {
  const create = useCreateContactPoint();
  const toast = useToast();
  return (
    <CreateScreen title="Create contact point" back={{ to: '/practice/contact-points', label: 'Contact Points' }}>
      <ContactPointForm
        label="Create contact point"
        defaultValues={newContactPoint}
        editing
        resetAfterSave
        onSubmit={async (values) => {
          await create.mutateAsync(toBody(values));
          toast('success', messages.contactPointAdded, createdSnackbarMs);
          return 'saved';
        }}
        actions={({ submitting, dirty }) => (
          <div className="flex justify-end gap-2">
            <LeaveGuard when={dirty && !submitting} />
            <Button type="submit" pending={submitting}>
              {submitting ? 'Saving…' : 'Save'}
            </Button>
          </div>
        )}
      />
    </CreateScreen>
  );
}
