import type { APIRoute } from 'astro';
import { receiveRequestWebhook } from '../_request-route.ts';

// A HighLevel workflow's Webhook action posts a contact here to log a review request (decision 041).
// The secret is the review webhook's own token, in the path.
export const POST: APIRoute = (context) => receiveRequestWebhook(context, context.params.token ?? '');
