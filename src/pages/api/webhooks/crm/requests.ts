import type { APIRoute } from 'astro';
import { receiveRequestWebhook } from './_request-route.ts';

// The request webhook with its secret in an X-Webhook-Secret header instead of the path (decision 041).
export const POST: APIRoute = (context) => receiveRequestWebhook(context, context.request.headers.get('x-webhook-secret') ?? '');
