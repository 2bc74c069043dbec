import { messages } from '../../../domain/messages.ts';
import { Link, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useToast } from '../../lib/toast.ts';
import { emptyInsurance, InsuranceForm, toInsuranceBody, type InsuranceValues } from './insurance-form.tsx';
import { useCreateInsurance } from './queries.ts';

/** Create insurance: on success the new plan's page. */
export function InsuranceCreateScreen() {
  const create = useCreateInsurance();
  const navigate = useNavigate();
  const toast = useToast();

  const handleSubmit = async (values: InsuranceValues) => {
    const created = await create.mutateAsync(toInsuranceBody(values));
    toast('success', messages.insuranceAdded);
    await navigate({ to: '/practice/insurances/$insuranceId', params: { insuranceId: created.id }, ignoreBlocker: true });
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Create insurance"
        back={
          <Link to="/practice/insurances" className="text-brand-700 hover:underline dark:text-brand-100">
            <span aria-hidden="true">← </span>Insurances
          </Link>
        }
      />
      <InsuranceForm label="Create insurance" defaultValues={emptyInsurance} onSubmit={handleSubmit} onCancel={() => void navigate({ to: '/practice/insurances' })} />
    </div>
  );
}
