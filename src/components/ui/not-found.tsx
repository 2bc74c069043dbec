import { Link } from '@tanstack/react-router';
import { shellMessages as messages } from '../../../domain/shell-messages.ts';

/** Any path the route table does not know (spec §2). */
export function NotFound() {
  return (
    <section data-not-found className="mx-auto max-w-xl px-6 py-20 text-center">
      <p className="text-5xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold">{messages.notFoundTitle}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{messages.notFoundHint}</p>
      <Link to="/home" className="mt-6 inline-block rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800">
        Go to home
      </Link>
    </section>
  );
}
