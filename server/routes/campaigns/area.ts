import { defineArea, reads } from '../../area.ts';
import { campaigns, surveyResponses } from '../../db/schema/index.ts';
import { campaignRoutes } from './index.ts';
import { publicSurveyRoutes } from './public.ts';
import { campaignSearch } from './search.ts';
import { seedDemoCampaigns } from '../../seed/demo-campaigns.ts';
import { campaignDocs } from './openapi.ts';

/** Survey campaigns and their responses; the patients' survey page answers through the public routes. */
export const campaignsArea = defineArea({
  name: 'campaigns',
  mount: [
    { path: '/surveys/public', app: publicSurveyRoutes, public: true },
    { path: '/surveys', app: campaignRoutes },
  ],
  docs: campaignDocs,
  resources: ['/surveys/campaigns', '/surveys/campaigns/{id}', '/surveys/campaigns/{campaignId}/surveys'],
  tables: [campaigns, surveyResponses],
  search: { order: 100, providers: [campaignSearch] },
  audit: { Campaign: reads('/surveys/campaigns/{id}'), SurveyResponse: reads('/surveys/campaigns/{campaignId}/surveys') },
  grants: { practiceAdministrator: ['/surveys/campaigns', '/surveys/campaigns/{id}', '/surveys/campaigns/{campaignId}/surveys'] },
  seed: [{ key: 'seeded.campaigns', order: 100, run: seedDemoCampaigns }],
});
