import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../../features/home/home-screen.tsx';
import { loadHome } from '../../features/home/load.ts';

export const Route = createFileRoute('/_app/home')({
  loader: ({ context: { queryClient } }) => loadHome(queryClient),
  component: HomeScreen,
});
