import { messages } from '../../../domain/messages.ts';
import { Link, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useToast } from '../../lib/toast.ts';
import { CampaignForm, emptyCampaign, toCampaignBody, type CampaignValues } from './campaign-form.tsx';
import { useCreateCampaign } from './queries.ts';

const title = 'Create New Campaign';

/** Spec §2 "Campaigns": the create screen; after create it goes to /campaigns. */
export function CampaignCreateScreen() {
  const create = useCreateCampaign();
  const navigate = useNavigate();
  const toast = useToast();

  const handleSubmit = async (values: CampaignValues) => {
    const created = await create.mutateAsync(toCampaignBody(values));
    toast('success', messages.campaignAdded);
    // Back to the list with the new campaign's row active, on its page (issue 24).
    await navigate({ to: '/campaigns', search: { selected: created.id }, ignoreBlocker: true });
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={title}
        back={
          <Link to="/campaigns" className="text-brand-700 hover:underline dark:text-brand-100">
            <span aria-hidden="true">← </span>Campaigns
          </Link>
        }
      />
      <CampaignForm label={title} submitLabel="Create Survey" defaultValues={emptyCampaign} onSubmit={handleSubmit} onCancel={() => void navigate({ to: '/campaigns' })} />
    </div>
  );
}
