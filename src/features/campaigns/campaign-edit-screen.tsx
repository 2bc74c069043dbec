import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { Campaign } from '../../../domain/campaigns.ts';
import { editingCampaignTitle, messages } from '../../../domain/messages.ts';
import { conflictRows } from '../../components/ui/conflict-notice.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useToast } from '../../lib/toast.ts';
import { useVersionedSave } from '../../components/ui/versioned-save.tsx';
import { RecordById } from '../../components/ui/record-page.tsx';
import { useAccountKey } from '../../lib/account.ts';
import { CampaignForm, campaignConflictFields, toCampaignBody, toCampaignValues, type CampaignValues } from './campaign-form.tsx';
import { backLinkClass, CampaignStatusBadge, MissingRecord, When } from './campaign-parts.tsx';
import { campaignQuery, useUpdateCampaign } from './queries.ts';

const toList = (
  <Link to="/campaigns" className={backLinkClass}>
    <span aria-hidden="true">← </span>Campaigns
  </Link>
);

/** Spec §2 "Campaigns": 'Editing Campaign ID# {id}', or 'Campaign not found'. */
export function CampaignEditScreen({ campaignId }: { campaignId: string }) {
  return <RecordById query={campaignQuery} id={campaignId} label="Loading campaign…" missing={<MissingRecord text={messages.campaignNotFound} back={toList} />}>{(data) => <CampaignEdit initial={data} />}</RecordById>;
}

function CampaignEdit({ initial }: { initial: Campaign }) {
  const account = useAccountKey();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const update = useUpdateCampaign(initial.id);
  const toCampaign = () => navigate({ to: '/campaigns/campaign/$campaignId', params: { campaignId: initial.id }, ignoreBlocker: true });
  const { base, notice, submit } = useVersionedSave({
    initial,
    save: (values: CampaignValues, version) => update.mutateAsync({ version, ...toCampaignBody(values) }),
    fetchCurrent: () => queryClient.fetchQuery({ ...campaignQuery(account, initial.id), staleTime: 0 }),
    onSaved: async () => {
      toast('success', messages.campaignSaved);
      await toCampaign();
    },
    conflictRows: (mine, current) => conflictRows(campaignConflictFields, mine, toCampaignValues(current)),
    saving: update.isPending,
  });

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={editingCampaignTitle(initial.id)}
        back={
          <Link to="/campaigns/campaign/$campaignId" params={{ campaignId: initial.id }} className={backLinkClass}>
            <span aria-hidden="true">← </span>
            {initial.name}
          </Link>
        }
      />
      {/* Spec §4: every edit restarts the campaign. Said before saving, with what it is now. */}
      <section aria-label="What saving does" className="mb-4 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
        <p>Saving sets the status to Running, the start to now, and clears the end.</p>
        <p className="mt-2 flex flex-wrap gap-x-5 gap-y-1">
          <span>
            Now: <CampaignStatusBadge status={base.status} />
          </span>
          <span>
            Start: <When at={base.startTimestamp} />
          </span>
          <span>
            End: <When at={base.endTimestamp} />
          </span>
        </p>
      </section>
      <CampaignForm key={base.version} label="Edit campaign" submitLabel="Save Changes" defaultValues={toCampaignValues(base)} onSubmit={submit} onCancel={() => void toCampaign()} notice={notice} />
    </div>
  );
}
