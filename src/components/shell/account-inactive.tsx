import { accountInactive } from '../../../domain/api.ts';
import { Button } from '../ui/button.tsx';

/** The user's account was deactivated (issue 11): said plainly, with the way out. */
export function AccountInactive({ onSignOut }: { onSignOut(): void }) {
  return (
    <section aria-labelledby="account-inactive-title" className="mx-auto max-w-xl px-6 py-20 text-center">
      <h1 id="account-inactive-title" tabIndex={-1} className="text-2xl font-semibold">
        {accountInactive.title}
      </h1>
      <p className="mt-2" role="alert">
        {accountInactive.message}
      </p>
      <Button className="mt-6" onClick={onSignOut}>
        Sign out
      </Button>
    </section>
  );
}
