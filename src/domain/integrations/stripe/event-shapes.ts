// What the webhook reads of Stripe's objects, read defensively: a signed event is Stripe's, but its
// shape still decides nothing until it is checked here (anything odd reads as null, never a throw).

type Obj = Record<string, unknown>;

const isObject = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Text the database can store (no NUL, no broken surrogate), and not empty. */
const str = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' && value.length <= 500 && !value.includes('\u0000') && value.isWellFormed() ? value : null;
/** An id, or an expanded object's id. */
const idOf = (value: unknown): string | null => str(value) ?? (isObject(value) ? str(value.id) : null);

/** A workspace id as the checkout put it (client_reference_id, metadata.workspace_id). */
export function workspaceIdOf(value: unknown): number | null {
  const text = str(value);
  return text && /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null;
}

export interface EventEnvelope {
  id: string;
  type: string;
  object: Obj;
}

export function readEvent(event: unknown): EventEnvelope | null {
  if (!isObject(event) || !isObject(event.data) || !isObject(event.data.object)) return null;
  const id = str(event.id);
  const type = str(event.type);
  return id && type ? { id, type, object: event.data.object } : null;
}

export interface CheckoutSessionFacts {
  mode: string | null;
  workspaceId: number | null;
  customerId: string | null;
  subscriptionId: string | null;
}

export function readCheckoutSession(object: Obj): CheckoutSessionFacts {
  const metadata = isObject(object.metadata) ? object.metadata : {};
  return {
    mode: str(object.mode),
    workspaceId: workspaceIdOf(object.client_reference_id) ?? workspaceIdOf(metadata.workspace_id),
    customerId: idOf(object.customer),
    subscriptionId: idOf(object.subscription),
  };
}

export interface SubscriptionFacts {
  id: string;
  customerId: string | null;
  status: string;
  /** The first item's price: a subscription here has one item, the plan. */
  priceId: string | null;
  /** The workspace the checkout wrote into subscription_data.metadata. */
  workspaceId: number | null;
}

export function readSubscription(object: unknown): SubscriptionFacts | null {
  if (!isObject(object)) return null;
  const id = str(object.id);
  const status = str(object.status);
  if (!id || !status) return null;
  const items = isObject(object.items) && Array.isArray(object.items.data) ? object.items.data : [];
  const first: unknown = items[0];
  const price = isObject(first) ? first.price : null;
  const metadata = isObject(object.metadata) ? object.metadata : {};
  return { id, customerId: idOf(object.customer), status, priceId: idOf(price), workspaceId: workspaceIdOf(metadata.workspace_id) };
}
