import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '../../../../components/ui/no-permission.tsx';
import { ApiKeyCreateScreen } from '../../../../features/apikeys/api-key-create-screen.tsx';
import { requirePermission } from '../../../../lib/route-guard.ts';

export const Route = createFileRoute('/_app/system/apikeys/create')({
  beforeLoad: requirePermission({ resource: '/permissions/apikeys', method: 'POST' }, 'create API keys'),
  errorComponent: RouteError,
  component: ApiKeyCreateScreen,
});
