import { describe, expect, it } from 'vitest';
import { alertText, slackMessage, teamsMessage, alertLink } from './messages.ts';

describe('alertText', () => {
  it('names the team, the staff member and the stars of a matched review', () => {
    expect(
      alertText({ event: 'review.matched', businessName: 'Harbourside Dental', teamName: 'Front Desk', staffFirstName: 'Tom', rating: 4, replyUrl: null }),
    ).toBe('★★★★☆ A new 4-star review for Front Desk, thanks to Tom! (Harbourside Dental)');
    expect(alertText({ event: 'review.matched', businessName: 'H', teamName: 'Front Desk', staffFirstName: null, rating: null, replyUrl: null })).toBe(
      'A new review for Front Desk! (H)',
    );
  });

  it('says which goal or target was reached', () => {
    expect(alertText({ event: 'goal.reached', businessName: 'H', teamName: 'Front Desk', goal: 5 })).toBe(
      "🎯 Front Desk reached this week's goal of 5 reviews! (H)",
    );
    expect(alertText({ event: 'goal.reached', businessName: 'H', teamName: null, goal: 20 })).toBe("🎯 This week's goal of 20 reviews is reached! (H)");
    expect(alertText({ event: 'target.reached', businessName: 'H', target: 120 })).toBe('🏆 Target reached: 120 reviews in the challenge! (H)');
  });
});

describe('teamsMessage', () => {
  it('is a message with one Adaptive Card 1.4 carrying the text', () => {
    expect(teamsMessage('Hi')).toEqual({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          contentUrl: null,
          content: {
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
            type: 'AdaptiveCard',
            version: '1.4',
            body: [{ type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: 'Hi', weight: 'Bolder', size: 'Medium' }] }],
          },
        },
      ],
    });
  });
});

// Issue 27, item 13: a staff first name `<!channel>` reached Slack as a live @channel mention.
describe('hostile names in an alert', () => {
  const hostile = alertText({
    event: 'review.matched',
    businessName: 'Smith & Co',
    teamName: '<https://evil.example|click> **Crew**',
    staffFirstName: '<!channel> *boss*',
    rating: 5,
    replyUrl: null,
  });

  it("reach Slack as typed: no control sequence (mention, link) and no mrkdwn in the body, by Slack's escaping rule", () => {
    const message = slackMessage(hostile);
    const json = JSON.stringify(message);
    // Slack reads <...> as a mention or link only from a literal "<": none is left.
    expect(json).not.toMatch(/</);
    expect(json).not.toMatch(/>/);
    expect(message.text).toContain('&lt;!channel&gt; *boss*');
    expect(message.text).toContain('Smith &amp; Co');
    expect(message.blocks).toEqual([{ type: 'section', text: { type: 'plain_text', text: message.text, emoji: true } }]);
  });

  it('reach Teams as typed: a TextRun, which renders no markdown, never a TextBlock', () => {
    const card = teamsMessage(hostile).attachments[0]!.content;
    expect(JSON.stringify(card)).not.toContain('"type":"TextBlock"');
    expect(card.body).toEqual([{ type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: hostile, weight: 'Bolder', size: 'Medium' }] }]);
  });
});

// Issue 30: the alert for a Google review of three stars or fewer opens its reply box.
describe("a low-rated review's alert", () => {
  const facts = {
    event: 'review.matched' as const,
    businessName: 'Harbourside Dental',
    teamName: 'Front Desk',
    staffFirstName: 'Tom',
    rating: 2,
    replyUrl: 'https://reviews.example/harbourside/gmb-reviews?reply=42#review-42',
  };

  it('carries a button to the reply box on Slack and on Teams', () => {
    const link = alertLink(facts);
    expect(link).toBe(facts.replyUrl);
    expect(slackMessage(alertText(facts), link).blocks[1]).toEqual({
      type: 'actions',
      elements: [{ type: 'button', text: { type: 'plain_text', text: 'Reply to this review' }, url: facts.replyUrl, action_id: 'reply' }],
    });
    expect(teamsMessage(alertText(facts), link).attachments[0]!.content.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'Reply to this review', url: facts.replyUrl },
    ]);
  });

  it('has no button when there is nowhere to go', () => {
    const none = alertLink({ ...facts, replyUrl: null });
    expect(none).toBeNull();
    expect(slackMessage(alertText(facts), none).blocks).toHaveLength(1);
    expect(teamsMessage(alertText(facts), none).attachments[0]!.content).not.toHaveProperty('actions');
  });
});
