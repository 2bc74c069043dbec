import type { ErrorComponentProps } from '@tanstack/react-router';
import { signIn } from '../../lib/auth.ts';
import { Button } from '../ui/button.tsx';

/** A sign-in return that could not be completed (expired or reused link, provider error). */
export function SignInProblem({ error }: ErrorComponentProps) {
  return (
    <main className="mx-auto max-w-xl px-6 py-20 text-center">
      <h1 className="text-2xl font-semibold">Sign-in could not be completed</h1>
      <p className="mt-2 text-slate-700">{error instanceof Error ? error.message : 'The sign-in link is no longer valid.'}</p>
      <Button className="mt-6" onClick={() => void signIn('/home')}>
        Sign in again
      </Button>
    </main>
  );
}
