export interface ForeignKey {
  table: string;
  references: string;
}

/**
 * Tables in an order where every table comes after the tables it references, so that rows can be
 * inserted one table at a time. A table's references to itself are left to the caller.
 */
export function loadOrder(tables: string[], keys: ForeignKey[]): string[] {
  const waitingFor = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { table, references } of keys) if (table !== references) waitingFor.get(table)?.add(references);
  const order: string[] = [];
  while (waitingFor.size) {
    const ready = [...waitingFor]
      .filter(([, deps]) => deps.size === 0)
      .map(([table]) => table)
      .sort();
    if (!ready.length) throw new Error(`These tables reference each other in a cycle: ${[...waitingFor.keys()].join(', ')}`);
    for (const table of ready) {
      order.push(table);
      waitingFor.delete(table);
      for (const deps of waitingFor.values()) deps.delete(table);
    }
  }
  return order;
}
