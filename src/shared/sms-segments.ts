// How many SMS a text takes, as Twilio counts them: GSM-7 holds 160 characters in one message and 153
// in each part of a longer one; a character of the GSM extension table takes two; any character
// outside GSM-7 makes the whole text UCS-2, 70 in one and 67 per part, counted in UTF-16 units.

const GSM7_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '\f^{}\\[~]|€';

export const GSM7_SINGLE = 160;
export const GSM7_PART = 153;
export const UCS2_SINGLE = 70;
export const UCS2_PART = 67;
/** The log form warns past this many segments. */
export const SMS_SEGMENT_WARNING = 2;

export interface SmsCount {
  encoding: 'GSM-7' | 'UCS-2';
  /** Characters as the network counts them: GSM-7 septets, or UTF-16 units. */
  units: number;
  segments: number;
  perSegment: number;
}

export function smsSegments(text: string): SmsCount {
  const chars = [...text];
  const gsm = chars.every((c) => GSM7_BASIC.includes(c) || GSM7_EXTENSION.includes(c));
  if (gsm) {
    const sizes = chars.map((c) => (GSM7_EXTENSION.includes(c) ? 2 : 1));
    return count('GSM-7', sizes, GSM7_SINGLE, GSM7_PART);
  }
  return count(
    'UCS-2',
    chars.map((c) => c.length),
    UCS2_SINGLE,
    UCS2_PART,
  );
}

/** Fills parts in order; a character (an escape pair, a surrogate pair) is never split across two. */
function count(encoding: SmsCount['encoding'], sizes: number[], single: number, part: number): SmsCount {
  const units = sizes.reduce((a, b) => a + b, 0);
  if (units === 0) return { encoding, units, segments: 0, perSegment: single };
  if (units <= single) return { encoding, units, segments: 1, perSegment: single };
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > part) {
      segments++;
      used = 0;
    }
    used += size;
  }
  return { encoding, units, segments, perSegment: part };
}
