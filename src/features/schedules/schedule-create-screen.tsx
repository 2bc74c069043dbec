import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { scheduleMessages, type ScheduleOwnerType } from '../../../domain/schedules.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, FormError, Input, Textarea } from '../../components/ui/field.tsx';
import { Form } from '../../components/ui/form.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useToast } from '../../lib/toast.ts';
import { saveFailure, serverFieldErrors } from '../../lib/form.ts';
import { OwnerFields } from './owner-fields.tsx';
import { useCreateSchedule } from './queries.ts';

/** Create schedule: name, description, who or what it is for; then its page, to add tasks. */
export function ScheduleCreateScreen() {
  const create = useCreateSchedule();
  const navigate = useNavigate();
  const toast = useToast();
  const [values, setValues] = useState({ name: '', description: '', ownerType: '' as ScheduleOwnerType | '', ownerId: '', ownerName: null as string | null });
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
      const created = await create.mutateAsync({
        name: values.name,
        description: values.description || null,
        ownerType: values.ownerType || null,
        ownerId: values.ownerType ? values.ownerId : null,
      });
      toast('success', scheduleMessages.created(values.name.trim()), 3000);
      await navigate({ to: '/practice/schedules/$scheduleId', params: { scheduleId: created.id } });
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(saveFailure(error));
    }
  };

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title="Create schedule"
        back={
          <Link to="/practice/schedules" className="text-brand-700 hover:underline dark:text-brand-100">
            <span aria-hidden="true">← </span>Schedules
          </Link>
        }
      />
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
          <Button type="submit" disabled={create.isPending}>
            Save
          </Button>
          <Button type="button" variant="secondary" onClick={() => void navigate({ to: '/practice/schedules' })}>
            Cancel
          </Button>
        </div>
      </Form>
    </div>
  );
}
