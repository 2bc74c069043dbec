import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';

/**
 * "Set up masked call" on a person's page or a call's page (issue 42), for roles that may: the form
 * with the session made for that person, or for that call's patient (its number and person filled
 * in, the session linked to the call).
 */
export function SetUpMaskedCallLink({ personId, interactionId }: { personId?: string; interactionId?: string }) {
  return (
    <Permitted requires={{ resource: '/call_masking/sessions', method: 'POST' }}>
      <Link className={buttonClass('secondary')} to="/practice/masked-calls/create" search={{ personId: personId ?? '', interactionId: interactionId ?? '' }}>
        Set up masked call
      </Link>
    </Permitted>
  );
}
