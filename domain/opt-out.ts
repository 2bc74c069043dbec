/**
 * Opt-out by text message (issue 42), as US carriers and Twilio's Advanced Opt-Out read a reply:
 * a message that is one of these words, in any case, with nothing else but spaces and end
 * punctuation, puts the sender's number on the practice's opt-out list; START (or UNSTOP) takes it
 * off again. Anything else is an ordinary reply.
 */
export const optOutWords = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'END', 'QUIT', 'CANCEL', 'REVOKE', 'OPTOUT'] as const;
export const optInWords = ['START', 'UNSTOP'] as const;

export type OptOutIntent = 'opt-out' | 'opt-in' | null;

/** What a patient's reply asks for: opt out, opt back in, or nothing (an ordinary message). */
export function optOutIntent(body: string): OptOutIntent {
  const word = body
    .trim()
    .replace(/[.!\s]+$/u, '')
    .toUpperCase();
  if ((optOutWords as readonly string[]).includes(word)) return 'opt-out';
  if ((optInWords as readonly string[]).includes(word)) return 'opt-in';
  return null;
}

/** Why a message was not sent to an opted-out number: said to the staff member who tried. */
export const optedOutText = 'This number replied STOP to the practice, so no text message is sent to it. It can reply START to receive them again.';
