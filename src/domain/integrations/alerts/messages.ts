// What an alert says: the team, the staff member's first name, the stars, never a customer's name,
// email or words (an office channel is no place for customers' personal data).

export type AlertFacts =
  | {
      event: 'review.matched';
      businessName: string;
      teamName: string;
      staffFirstName: string | null;
      rating: number | null;
      /** A Google review of three stars or fewer: its reply box, which the alert's button opens. */
      replyUrl: string | null;
    }
  | { event: 'goal.reached'; businessName: string; teamName: string | null; goal: number }
  | { event: 'target.reached'; businessName: string; target: number };

const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating);

export function alertText(facts: AlertFacts): string {
  switch (facts.event) {
    case 'review.matched': {
      const rated = facts.rating ? `${stars(facts.rating)} A new ${facts.rating}-star review` : 'A new review';
      const thanks = facts.staffFirstName ? `, thanks to ${facts.staffFirstName}` : '';
      return `${rated} for ${facts.teamName}${thanks}! (${facts.businessName})`;
    }
    case 'goal.reached':
      return facts.teamName
        ? `🎯 ${facts.teamName} reached this week's goal of ${facts.goal} reviews! (${facts.businessName})`
        : `🎯 This week's goal of ${facts.goal} reviews is reached! (${facts.businessName})`;
    case 'target.reached':
      return `🏆 Target reached: ${facts.target} reviews in the challenge! (${facts.businessName})`;
  }
}

/**
 * Slack's escaping of a text field: `&`, `<` and `>` as entities, so a value someone typed (a name
 * such as `<!channel>` or `<https://evil|click>`) is shown as typed, never read as a mention or a
 * link. The alert's own words have none of the three.
 */
export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The button of an alert that has somewhere to go: a low-rated review's reply box. */
export const REPLY_BUTTON = 'Reply to this review';

/** Where an alert's button leads, if it has one. */
export function alertLink(facts: AlertFacts): string | null {
  return facts.event === 'review.matched' ? facts.replyUrl : null;
}

/**
 * Slack's incoming-webhook message: the text (for notifications) and the same as one section of
 * plain text, in which mrkdwn's `*_~` and backticks in a name format nothing; with a link, a button.
 */
export function slackMessage(text: string, link: string | null = null) {
  const escaped = slackEscape(text);
  const section = { type: 'section' as const, text: { type: 'plain_text' as const, text: escaped, emoji: true } };
  if (!link) return { text: escaped, blocks: [section] };
  const button = { type: 'button' as const, text: { type: 'plain_text' as const, text: REPLY_BUTTON }, url: link, action_id: 'reply' };
  return { text: escaped, blocks: [section, { type: 'actions' as const, elements: [button] }] };
}

/** Teams' Workflows webhook body: a message carrying one Adaptive Card (INTEGRATIONS.md), its text as typed; with a link, a button. */
export function teamsMessage(text: string, link: string | null = null) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          // A TextRun renders no markdown (a TextBlock would make a name's `**` or `[x](url)` bold or a link).
          body: [{ type: 'RichTextBlock', inlines: [{ type: 'TextRun', text, weight: 'Bolder', size: 'Medium' }] }],
          ...(link ? { actions: [{ type: 'Action.OpenUrl', title: REPLY_BUTTON, url: link }] } : {}),
        },
      },
    ],
  };
}
