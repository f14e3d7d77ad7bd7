import { composeSmsText } from '#shared/sms-text.ts';
import { SMS_SEGMENT_WARNING, smsSegments } from '#shared/sms-segments.ts';
import type { PlaceholderValues } from '#shared/placeholders.ts';

interface Props {
  /** The chosen template's text; null: the product's default text. */
  template: string | null | undefined;
  values: PlaceholderValues;
  /** Where review links start (this site's address): the link in the preview is as long as a real one. */
  linkBase: string;
}

/** A review link's token is 32 characters (24 random bytes, base64url). */
const SAMPLE_TOKEN = 'x'.repeat(32);

/** The text as the customer will get it, with its length in characters and SMS segments. */
export function SmsPreview({ template, values, linkBase }: Props) {
  const text = composeSmsText(template, values, `${linkBase}/r/${SAMPLE_TOKEN}`);
  const count = smsSegments(text);
  const many = count.segments > SMS_SEGMENT_WARNING;
  return (
    <section class="space-y-2 border-t border-slate-200 pt-6" aria-labelledby="sms-preview-title">
      <h2 id="sms-preview-title" class="text-base font-semibold text-slate-900">
        Text message
      </h2>
      <p class="rounded-xl bg-slate-100 px-4 py-3 text-sm [overflow-wrap:anywhere] whitespace-pre-wrap text-slate-800">{text}</p>
      <p class={`text-xs ${many ? 'text-amber-800' : 'text-slate-500'}`} aria-live="polite">
        {count.units} characters, {count.segments} {count.segments === 1 ? 'message' : 'messages'} ({count.encoding})
        {many && ': long texts cost more and may arrive in parts. Shorten the template in the admin panel.'}
        {count.encoding === 'UCS-2' && !many && ': an emoji or special character makes each message hold 70 characters instead of 160.'}
      </p>
    </section>
  );
}
