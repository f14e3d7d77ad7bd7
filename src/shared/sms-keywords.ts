// Twilio's default opt-out and opt-in keywords: a reply that is one of them, whatever its case and
// the spaces around it, opts the number out of (or back into) texts. Twilio matches the whole message.

export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'] as const;
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP', 'YES'] as const;

export function optKeyword(body: string): 'stop' | 'start' | null {
  const word = body.trim().toUpperCase();
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return 'stop';
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(word)) return 'start';
  return null;
}
