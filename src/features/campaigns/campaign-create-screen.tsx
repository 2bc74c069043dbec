import { messages } from '../../../domain/messages.ts';
import { CreateScreen, useCreateRecord } from '../../components/ui/create-screen.tsx';
import { CampaignForm, emptyCampaign, toCampaignBody } from './campaign-form.tsx';
import { useCreateCampaign } from './queries.ts';

const title = 'Create New Campaign';

/** Spec §2 "Campaigns": the create screen; after create it goes to /campaigns. */
export function CampaignCreateScreen() {
  const { handleSubmit, cancel } = useCreateRecord({
    create: useCreateCampaign(),
    toBody: toCampaignBody,
    savedMessage: messages.campaignAdded,
    list: '/campaigns',
    // Back to the list with the new campaign's row active, on its page (issue 24).
    then: 'selected-in-list',
  });
  return (
    <CreateScreen title={title} back={{ to: '/campaigns', label: 'Campaigns' }}>
      <CampaignForm label={title} submitLabel="Create Survey" defaultValues={emptyCampaign} onSubmit={handleSubmit} onCancel={cancel} />
    </CreateScreen>
  );
}
