import { z } from 'zod';
import { WEBHOOK_EVENTS } from '#shared/event-names.ts';

export const webhookCreatePayload = z.object({
  url: z
    .string({ error: 'Enter the URL to send events to' })
    .trim()
    .min(1, 'Enter the URL to send events to')
    .max(2000, 'The URL must be at most 2000 characters')
    .refine((value) => URL.canParse(value), 'Enter a whole URL, such as https://example.com/hooks/reviews')
    .refine((value) => !URL.canParse(value) || ['http:', 'https:'].includes(new URL(value).protocol), 'The URL must start with http:// or https://'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `Events must be among ${WEBHOOK_EVENTS.join(', ')}` }), { error: 'Choose the events to send' })
    .min(1, 'Choose at least one event'),
});

/** A delivery id in a route: a UUID. */
export const isDeliveryId = (value: string | undefined): value is string =>
  !!value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
