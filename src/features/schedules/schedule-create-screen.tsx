import { useState } from 'react';
import { scheduleMessages, type ScheduleOwnerType } from '../../../domain/schedules.ts';
import { CreateScreen, useCreateRecord } from '../../components/ui/create-screen.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, FormError, Input, Textarea } from '../../components/ui/field.tsx';
import { Form } from '../../components/ui/form.tsx';
import { saveFailure, serverFieldErrors } from '../../lib/form.ts';
import { OwnerFields } from './owner-fields.tsx';
import { useCreateSchedule } from './queries.ts';

type ScheduleValues = { name: string; description: string; ownerType: ScheduleOwnerType | ''; ownerId: string; ownerName: string | null };

/** Create schedule: name, description, who or what it is for; then its page, to add tasks. */
export function ScheduleCreateScreen() {
  const create = useCreateSchedule();
  const { handleSubmit: save, cancel } = useCreateRecord({
    create,
    toBody: (v: ScheduleValues) => ({ name: v.name, description: v.description || null, ownerType: v.ownerType || null, ownerId: v.ownerType ? v.ownerId : null }),
    savedMessage: (v) => scheduleMessages.created(v.name.trim()),
    toastMs: 3000,
    list: '/practice/schedules',
    then: { record: '/practice/schedules/$scheduleId' },
  });
  const [values, setValues] = useState<ScheduleValues>({ name: '', description: '', ownerType: '', ownerId: '', ownerName: null });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const handleSubmit = async () => {
    const local: Record<string, string> = {};
    if (!values.name.trim()) local.name = scheduleMessages.nameRequired;
    if (values.ownerType && !values.ownerId.trim()) local.ownerId = scheduleMessages.ownerIdRequired;
    setErrors(local);
    setFailure(null);
    if (Object.keys(local).length > 0) return;
    try {
      await save(values);
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(saveFailure(error));
    }
  };

  return (
    <CreateScreen title="Create schedule" back={{ to: '/practice/schedules', label: 'Schedules' }} width="narrow">
      <Form onSubmit={handleSubmit} className="flex flex-col gap-4">
        <Field label="Name" error={errors.name} required>
          {(control) => <Input {...control} value={values.name} onChange={(e) => setValues({ ...values, name: e.target.value })} />}
        </Field>
        <Field label="Description" error={errors.description}>
          {(control) => <Textarea {...control} value={values.description} onChange={(e) => setValues({ ...values, description: e.target.value })} />}
        </Field>
        <OwnerFields ownerType={values.ownerType} ownerId={values.ownerId} ownerName={values.ownerName} errors={errors} onChange={(change) => setValues({ ...values, ...change })} />
        <FormError>{failure}</FormError>
        <div className="flex gap-2">
          <Button type="submit" pending={create.isPending}>
            Save
          </Button>
          <Button type="button" variant="secondary" onClick={cancel}>
            Cancel
          </Button>
        </div>
      </Form>
    </CreateScreen>
  );
}
