import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../../../features/home/home-screen.tsx';
import { loadHome } from '../../../features/home/load.ts';

/** Spec §2: this system route shows the home content. */
export const Route = createFileRoute('/_app/system/identityproviders')({
  loader: ({ context: { queryClient } }) => loadHome(queryClient),
  component: HomeScreen,
  // Not a destination of its own: the palette leaves it out.
  staticData: { showsHome: true },
});
