import { describe, expect, it } from 'vitest';
import { loadOrder } from './table-order.ts';

describe('loadOrder', () => {
  it('puts every table after the tables it references', () => {
    const order = loadOrder(
      ['reviews', 'teams', 'workspaces', 'review_requests', 'schema_migrations'],
      [
        { table: 'teams', references: 'workspaces' },
        { table: 'reviews', references: 'workspaces' },
        { table: 'reviews', references: 'review_requests' },
        { table: 'reviews', references: 'teams' },
        { table: 'review_requests', references: 'teams' },
      ],
    );
    expect(order).toEqual(['schema_migrations', 'workspaces', 'teams', 'review_requests', 'reviews']);
  });

  it('leaves a table that references itself in its place', () => {
    expect(
      loadOrder(
        ['staff', 'workspaces'],
        [
          { table: 'staff', references: 'staff' },
          { table: 'staff', references: 'workspaces' },
        ],
      ),
    ).toEqual(['workspaces', 'staff']);
  });

  it('refuses tables that reference each other in a cycle', () => {
    expect(() =>
      loadOrder(
        ['a', 'b'],
        [
          { table: 'a', references: 'b' },
          { table: 'b', references: 'a' },
        ],
      ),
    ).toThrow(/cycle: a, b/);
  });
});
