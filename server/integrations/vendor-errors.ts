import { randomUUID } from 'node:crypto';
import { errorCode } from '../errors.ts';

/** What an AWS SDK error carries beside its message (smithy's `$metadata`). */
type AwsMetadata = { httpStatusCode?: number; requestId?: string };

/**
 * Logs an integration's failure — once, here, for every integration — and returns its error id,
 * which the API's answer carries so support can find the line (as `logInternalError` does for
 * the server's own errors). The line holds the id, the integration, the port's reason, the
 * vendor error's class, its HTTP status, the vendor's request id and the error code; never a
 * message: a vendor's message can quote what was sent to it (names, phone numbers, ARNs), and
 * the port error's own message says nothing the reason does not.
 */
export function logVendorError(integration: string, error: Error & { reason: string }): string {
  const id = randomUUID();
  const cause = error.cause;
  const metadata: AwsMetadata = cause instanceof Error && '$metadata' in cause && cause.$metadata && typeof cause.$metadata === 'object' ? (cause.$metadata as AwsMetadata) : {};
  console.warn(
    `[integration] ${JSON.stringify({
      id,
      integration,
      reason: error.reason,
      vendorError: cause instanceof Error ? cause.name : null,
      status: metadata.httpStatusCode ?? null,
      requestId: metadata.requestId ?? null,
      code: errorCode(cause),
    })}`,
  );
  return id;
}
