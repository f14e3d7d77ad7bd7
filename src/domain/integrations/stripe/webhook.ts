import { eq, or, type SQL } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '#platform/db/database.ts';
import { stripeEvents, workspaces } from '#platform/db/schema.ts';
import { log, logError } from '#platform/log/log.ts';
import type { Plan } from '#shared/plans.ts';
import { readCheckoutSession, readEvent, readSubscription, type SubscriptionFacts } from './event-shapes.ts';
import { isMissingResource } from './stripe.ts';
import { isLiveSubscription, planForPrice, planForSubscription, type PlanPrices } from './subscription-plan.ts';

// POST /api/webhooks/stripe (INTEGRATIONS.md "Stripe"): verify the signature on the raw body, then
// apply the subscription's CURRENT state (read from the API: Stripe delivers out of order and more
// than once) in one transaction with the event's id, so a replay finds the id and changes nothing.

/** Stripe's default: a signature older than five minutes is refused (replays of captured deliveries). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface WebhookDeps {
  db: Db;
  stripe: Stripe;
  webhookSecret: string;
  prices: PlanPrices;
}

export interface WebhookOutcome {
  status: number;
  body: { message: string; received?: true; duplicate?: true; ignored?: true };
}

const HANDLED = new Set(['checkout.session.completed', 'customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']);

const refused = (status: number, message: string): WebhookOutcome => ({ status, body: { message } });
const ignored = (message: string): WebhookOutcome => ({ status: 200, body: { received: true, ignored: true, message } });
const duplicate: WebhookOutcome = { status: 200, body: { received: true, duplicate: true, message: 'Event already received' } };

/** What the event asks for, once the subscription's current state has been read. */
type Change = { kind: 'ignore'; reason: string } | { kind: 'apply'; workspaceId: number | null; customerId: string | null; subscription: SubscriptionFacts };

export async function receiveStripeWebhook(deps: WebhookDeps, raw: Uint8Array, signature: string | null): Promise<WebhookOutcome> {
  if (!signature) return refused(400, 'Missing Stripe-Signature header');
  let verified: unknown;
  try {
    verified = deps.stripe.webhooks.constructEvent(Buffer.from(raw), signature, deps.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    // The stripe package's errors keep the name "Error" and say what they are in `type`.
    const message =
      (error as { type?: unknown } | null)?.type === 'StripeSignatureVerificationError' ? 'Invalid Stripe signature' : 'The event could not be read';
    return refused(400, message);
  }
  const event = readEvent(verified);
  if (!event) return refused(400, 'The event could not be read');
  if (!HANDLED.has(event.type)) return ignored(`Event type ${event.type} is not used`);
  if (await alreadyReceived(deps.db, event.id)) return duplicate;

  let change: Change;
  try {
    change = await changeFor(deps, event.type, event.object);
  } catch (error) {
    if (error instanceof BadEvent) return refused(400, error.message);
    // Stripe down or slow: answer so that Stripe delivers the event again later.
    logError(`Stripe event ${event.id} (${event.type}) could not be applied`, error);
    return refused(503, 'Stripe could not be reached; the event will be delivered again');
  }

  const applied = await deps.db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing({ target: stripeEvents.id })
      .returning({ id: stripeEvents.id });
    if (!recorded) return 'duplicate' as const;
    if (change.kind === 'ignore') return change;
    const workspaceId = await applyChange(tx, deps.prices, change);
    if (workspaceId === null) return { kind: 'ignore' as const, reason: 'No workspace has this subscription' };
    await tx.update(stripeEvents).set({ workspaceId }).where(eq(stripeEvents.id, event.id));
    return 'applied' as const;
  });
  if (applied === 'duplicate') return duplicate;
  if (applied !== 'applied') return ignored(applied.reason);
  return { status: 200, body: { received: true, message: 'Applied' } };
}

class BadEvent extends Error {}

async function alreadyReceived(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id));
  return row !== undefined;
}

/** The subscription as it is now at Stripe; null when Stripe no longer knows it. */
async function currentSubscription(stripe: Stripe, id: string): Promise<SubscriptionFacts | null> {
  try {
    const subscription = readSubscription(await stripe.subscriptions.retrieve(id));
    if (!subscription) throw new BadEvent('Stripe answered a subscription that could not be read');
    return subscription;
  } catch (error) {
    if (isMissingResource(error)) return null;
    throw error;
  }
}

async function changeFor(deps: WebhookDeps, type: string, object: Record<string, unknown>): Promise<Change> {
  if (type === 'checkout.session.completed') {
    const session = readCheckoutSession(object);
    if (session.mode !== 'subscription') return { kind: 'ignore', reason: 'Not a subscription checkout' };
    if (session.workspaceId === null) return { kind: 'ignore', reason: 'The checkout names no workspace' };
    if (!session.subscriptionId) throw new BadEvent('The checkout session has no subscription');
    const subscription = await currentSubscription(deps.stripe, session.subscriptionId);
    if (!subscription) return { kind: 'ignore', reason: 'Stripe does not know this subscription' };
    return (
      ourPrice(deps, subscription) ?? {
        kind: 'apply',
        workspaceId: session.workspaceId,
        customerId: session.customerId ?? subscription.customerId,
        subscription,
      }
    );
  }
  const fromEvent = readSubscription(object);
  if (!fromEvent) throw new BadEvent('The event carries no subscription');
  // A deleted subscription is over whatever came before; any other change is read afresh.
  const subscription = type === 'customer.subscription.deleted' ? { ...fromEvent, status: 'canceled' } : await currentSubscription(deps.stripe, fromEvent.id);
  if (!subscription) return { kind: 'ignore', reason: 'Stripe does not know this subscription' };
  return ourPrice(deps, subscription) ?? { kind: 'apply', workspaceId: null, customerId: subscription.customerId, subscription };
}

/**
 * Null when the subscription buys one of this product's plans (STRIPE_PRICE_*); otherwise the reason
 * it is ignored. One Stripe account may sell other things: their subscriptions, live or ended, say
 * nothing about a workspace's plan, and bind no customer.
 */
function ourPrice(deps: WebhookDeps, subscription: SubscriptionFacts): Change | null {
  if (planForPrice(deps.prices, subscription.priceId) !== null) return null;
  log.info({ subscription: subscription.id, price: subscription.priceId }, 'A Stripe subscription for a price of no plan was ignored');
  return { kind: 'ignore', reason: "The subscription is for a price that is not one of this product's plans" };
}

/**
 * Links the customer and subscription to the workspace and sets the plan the subscription gives.
 * Returns the workspace changed, or null when none is concerned.
 */
async function applyChange(tx: Db, prices: PlanPrices, change: Extract<Change, { kind: 'apply' }>): Promise<number | null> {
  const { subscription } = change;
  // The checkout names its workspace; a subscription event is found by what earlier events linked, or
  // by the workspace the checkout wrote into the subscription's metadata (its event may come first).
  const matches: SQL[] = [eq(workspaces.stripeSubscriptionId, subscription.id)];
  if (change.customerId) matches.push(eq(workspaces.stripeCustomerId, change.customerId));
  const workspaceId = change.workspaceId ?? subscription.workspaceId;
  if (workspaceId !== null) matches.push(eq(workspaces.id, workspaceId));
  const candidates = await tx
    .select({ id: workspaces.id, customerId: workspaces.stripeCustomerId, subscriptionId: workspaces.stripeSubscriptionId })
    .from(workspaces)
    .where(or(...matches));
  const workspace =
    candidates.find((w) => w.subscriptionId === subscription.id) ??
    (change.workspaceId !== null ? candidates.find((w) => w.id === change.workspaceId) : undefined) ??
    candidates.find((w) => change.customerId !== null && w.customerId === change.customerId) ??
    candidates.find((w) => w.id === workspaceId);
  if (!workspace) return null;

  const live = isLiveSubscription(subscription.status);
  const current = workspace.subscriptionId === null || workspace.subscriptionId === subscription.id;
  // An old subscription ending, or changing, says nothing about the plan of the one now in force.
  if (!current && !live) return workspace.id;

  const plan: Plan | null = planForSubscription(prices, subscription);
  // The customer id is unique: one already linked to another workspace is left where it is.
  const customerTaken = change.customerId !== null && candidates.some((w) => w.id !== workspace.id && w.customerId === change.customerId);
  await tx
    .update(workspaces)
    .set({
      ...(change.customerId && !customerTaken && workspace.customerId === null ? { stripeCustomerId: change.customerId } : {}),
      stripeSubscriptionId: live ? subscription.id : null,
      // A plan bought (or ended) replaces any trial.
      ...(plan !== null ? { plan, trialEndsAt: null } : {}),
    })
    .where(eq(workspaces.id, workspace.id));
  return workspace.id;
}
