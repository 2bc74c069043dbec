import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';

/**
 * "Set up masked call" on a person's page (issue 42), for roles that may: the form with the session
 * made for that person. A person keeps no phone number of their own, so the patient number is typed.
 */
export function SetUpMaskedCallLink({ personId }: { personId: string }) {
  return (
    <Permitted requires={{ resource: '/call_masking/sessions', method: 'POST' }}>
      <Link className={buttonClass('secondary')} to="/practice/masked-calls/create" search={{ personId }}>
        Set up masked call
      </Link>
    </Permitted>
  );
}
