// The admin panel's sections (issue 33, item 6): what the section menu lists, each section's id (its
// deep link, /{slug}/admin#{id}) and the cards it holds, by the id of their title
// (src/islands/admin/AdminCard.tsx: "card-" and the title in lower case, words joined by "-").

export interface AdminSection {
  id: string;
  label: string;
  /** One line under the section's heading: what its cards are for. */
  about: string;
  /** The title ids of its cards, in the order they show. */
  cards: readonly string[];
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    id: 'setup',
    label: 'Set-up',
    about: 'The checklist, the challenge’s settings, your logo and the wallboard on your TV.',
    cards: ['card-global-settings', 'card-logo-management', 'card-wallboard-share-links', 'card-wallboards'],
  },
  {
    id: 'teams',
    label: 'Team & people',
    about: 'The teams that compete, and the people who ask for reviews.',
    cards: ['card-team-management', 'card-staff'],
  },
  {
    id: 'requests',
    label: 'Requests & email',
    about: 'What customers are sent, what went out, and every request logged.',
    cards: ['card-email-templates', 'card-outbox', 'card-sms', 'card-review-management'],
  },
  {
    id: 'reviews',
    label: 'Reviews',
    about: 'The reviews that arrived, private feedback, replies, and a test review.',
    cards: ['card-google-reviews', 'card-test-review', 'card-private-feedback', 'card-replies-to-google-reviews'],
  },
  {
    id: 'integrations',
    label: 'Integrations',
    about: 'Google, your CRM, alerts, webhooks and API keys.',
    cards: [
      'card-google-my-business-profile',
      'card-crm-webhook',
      'card-review-requests-from-highlevel',
      'card-slack-and-teams-alerts',
      'card-webhooks',
      'card-api-keys',
    ],
  },
  {
    id: 'account',
    label: 'Plan & account',
    about: 'Your plan and billing, and the account’s details and passwords.',
    cards: ['card-plan-billing', 'card-account'],
  },
];

/** The id of a card's title, as AdminCard gives it: a deep link to the card. */
export function adminCardId(title: string): string {
  return `card-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

/** A deep link into the admin panel: a section (#teams) or a card (#card-team-management). */
export function adminPath(slug: string, anchor?: string): string {
  return anchor ? `/${slug}/admin#${anchor}` : `/${slug}/admin`;
}
