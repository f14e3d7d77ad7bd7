import { describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS, adminCardId, adminPath } from './admin-sections.ts';

describe('the admin panel sections (issue 33, item 6)', () => {
  it('are the six of the issue, each with its own deep link, every card in one of them', () => {
    expect(ADMIN_SECTIONS.map((s) => s.label)).toEqual(['Set-up', 'Team & people', 'Requests & email', 'Reviews', 'Integrations', 'Plan & account']);
    expect(ADMIN_SECTIONS.map((s) => s.id)).toEqual(['setup', 'teams', 'requests', 'reviews', 'integrations', 'account']);
    const cards = ADMIN_SECTIONS.flatMap((s) => s.cards);
    expect(new Set(cards).size).toBe(cards.length);
    expect(cards.length).toBe(22);
  });

  it('name a card by its title as AdminCard does, and link to it', () => {
    expect(adminCardId('Plan & billing')).toBe('card-plan-billing');
    expect(adminCardId('Team Management')).toBe('card-team-management');
    expect(adminPath('acme')).toBe('/acme/admin');
    expect(adminPath('acme', 'teams')).toBe('/acme/admin#teams');
  });
});
