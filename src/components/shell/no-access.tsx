import { Button } from '../ui/button.tsx';

type NoAccessProps = { message: string; onReturn?: () => void };

/** The access policy was refused (no portal access, or an account the user may not act in). Loaded only then. */
export function NoAccess({ message, onReturn }: NoAccessProps) {
  return (
    <>
      <h1 className="text-2xl font-semibold">No access</h1>
      <p className="mt-2" role="alert">
        {message}
      </p>
      {onReturn ? (
        <Button className="mt-6" onClick={onReturn}>
          Return to my account
        </Button>
      ) : null}
    </>
  );
}
