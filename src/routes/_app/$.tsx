import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '../../components/ui/not-found.tsx';

/** Unknown paths render the 404 screen inside the shell (for signed-in users). */
export const Route = createFileRoute('/_app/$')({
  component: NotFound,
});
