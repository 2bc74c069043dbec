import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec §2: /campaign redirects to /campaigns. */
export const Route = createFileRoute('/_app/campaign')({
  beforeLoad: () => {
    throw redirect({ to: '/campaigns', replace: true });
  },
});
