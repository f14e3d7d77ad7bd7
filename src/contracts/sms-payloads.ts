import { z } from 'zod';

// The SMS card's payloads (issue 29). Twilio's identifiers are checked for their documented shape
// (two letters and 32 hex digits) so that a value pasted into the wrong field is caught here, with the
// field named, instead of by a failed text later.

const sid = (prefix: string, label: string, where: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(new RegExp(`^${prefix}[0-9a-fA-F]{32}$`), `${label} starts with ${prefix} followed by 32 letters and digits (${where})`);

const secret = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(16, `${label} is required: 32 letters and digits from the Twilio console`)
    .max(128, `${label} is too long`);

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * PUT /api/admin/sms: `{ accountSid, authToken }`, or `{ accountSid, apiKeySid, apiKeySecret }` with the
 * auth token too (Twilio signs its callbacks with it, never with an API key), plus where texts go from:
 * `messagingServiceSid` or `from`.
 */
export const smsAccountPayload = z
  .object({
    accountSid: sid('AC', 'Account SID', 'shown on the Twilio console’s home page'),
    authToken: secret('Auth token'),
    apiKeySid: z.preprocess(blankToUndefined, sid('SK', 'API key SID', 'Twilio console → Account → API keys').optional()),
    apiKeySecret: z.preprocess(blankToUndefined, secret('API key secret').optional()),
    messagingServiceSid: z.preprocess(blankToUndefined, sid('MG', 'Messaging Service SID', 'Twilio console → Messaging → Services').optional()),
    from: z.preprocess(
      blankToUndefined,
      z
        .string({ error: 'Sender number must be text' })
        .trim()
        .regex(/^\+[1-9]\d{6,14}$/, 'Sender number is your Twilio number in international form, such as +61412345678')
        .optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (Boolean(value.apiKeySid) !== Boolean(value.apiKeySecret)) {
      const field = value.apiKeySid ? 'apiKeySecret' : 'apiKeySid';
      ctx.addIssue({ code: 'custom', path: [field], message: 'An API key needs both its SID and its secret' });
    }
    if (!value.messagingServiceSid && !value.from) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'Enter a Messaging Service SID or a sender number: texts need one to go from' });
    }
  });

export type SmsAccountPayload = z.infer<typeof smsAccountPayload>;

/** POST /api/admin/sms/test. */
export const smsTestPayload = z.object({
  phone: z.string({ error: 'Enter the mobile number to text' }).trim().min(1, 'Enter the mobile number to text').max(40, 'That number is too long'),
});
