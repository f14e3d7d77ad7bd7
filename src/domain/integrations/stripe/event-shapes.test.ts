import { describe, expect, it } from 'vitest';
import { readCheckoutSession, readEvent, readSubscription, workspaceIdOf } from './event-shapes.ts';

describe('readEvent', () => {
  it('reads the id, type and object of an event', () => {
    expect(readEvent({ id: 'evt_1', object: 'event', type: 'x.y', data: { object: { id: 'o' } } })).toEqual({ id: 'evt_1', type: 'x.y', object: { id: 'o' } });
  });

  it('reads nothing from what is not an event', () => {
    for (const bad of [
      null,
      'evt',
      [],
      { id: 'evt_1', type: 'x' },
      { id: 'evt\u0000', type: 'x', data: { object: {} } },
      { id: 'evt_\ud800', type: 'x', data: { object: {} } },
      { id: 1, type: 'x', data: { object: {} } },
      { id: 'e', type: 'x', data: { object: [] } },
    ]) {
      expect(readEvent(bad)).toBeNull();
    }
  });
});

describe('readCheckoutSession', () => {
  it('finds the workspace, customer and subscription, ids or expanded objects', () => {
    expect(readCheckoutSession({ mode: 'subscription', client_reference_id: '7', customer: 'cus_1', subscription: { id: 'sub_1' } })).toEqual({
      mode: 'subscription',
      workspaceId: 7,
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
    });
    expect(readCheckoutSession({ metadata: { workspace_id: '9' } }).workspaceId).toBe(9);
  });

  it('takes no workspace from an odd reference', () => {
    for (const reference of ['0', '-1', '1e3', '12345678901', 7, null, ' 7'])
      expect(readCheckoutSession({ client_reference_id: reference }).workspaceId).toBeNull();
    expect(workspaceIdOf('42')).toBe(42);
  });
});

describe('readSubscription', () => {
  it("reads the status, the first item's price and the workspace of the metadata", () => {
    const subscription = { id: 'sub_1', customer: 'cus_1', status: 'active', metadata: { workspace_id: '3' }, items: { data: [{ price: { id: 'price_t' } }] } };
    expect(readSubscription(subscription)).toEqual({ id: 'sub_1', customerId: 'cus_1', status: 'active', priceId: 'price_t', workspaceId: 3 });
  });

  it('copes with missing items and metadata, and refuses a subscription without id or status', () => {
    expect(readSubscription({ id: 'sub_1', status: 'canceled' })).toEqual({
      id: 'sub_1',
      customerId: null,
      status: 'canceled',
      priceId: null,
      workspaceId: null,
    });
    expect(readSubscription({ id: 'sub_1', status: 'active', items: { data: 'x' } })?.priceId).toBeNull();
    expect(readSubscription({ status: 'active' })).toBeNull();
    expect(readSubscription('sub_1')).toBeNull();
  });
});
