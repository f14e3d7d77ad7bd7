import { describe, expect, it } from 'vitest';
import { composeReviewEmail, htmlToText, reviewLinkUrl, semanticLists } from './compose.ts';

const input = {
  businessName: 'Harbourside "Dental" & Co',
  staffFirstName: 'Tom',
  staffEmail: 'tom@harbourside.example',
  customerEmail: 'sarah@example.test',
  subject: 'How did we do,\r\nSarah?',
  bodyHtml: '<p>Hi <strong>Sarah</strong>,</p><p>Thanks for visiting. <a href="https://harbourside.example/faq?a=1&amp;b=2">Our FAQ</a></p>',
  reviewUrl: 'https://app.example/r/abc_DEF-123',
  unsubscribeUrl: 'https://app.example/r/abc_DEF-123/unsubscribe',
};

describe('composeReviewEmail', () => {
  const email = composeReviewEmail(input);

  it('addresses the customer from the business, replying to the staff member, on one subject line', () => {
    expect(email).toMatchObject({
      to: 'sarah@example.test',
      fromName: 'Harbourside "Dental" & Co',
      replyTo: 'tom@harbourside.example',
      subject: 'How did we do, Sarah?',
    });
  });

  // Issue 27, item 15: only the List-Unsubscribe headers offered a way out.
  it('ends with a small "Don\'t want these emails? Unsubscribe" link to the unsubscribe page', () => {
    expect(email.html).toMatch(/Don&#39;t want these emails\? <a href="https:\/\/app\.example\/r\/abc_DEF-123\/unsubscribe"[^>]*>Unsubscribe<\/a>/);
    expect(email.unsubscribeUrl).toBe('https://app.example/r/abc_DEF-123/unsubscribe');
  });

  it('puts the body, a "Leave a review" button to the tracked link and a footer with the business name in the HTML', () => {
    expect(email.html).toContain('<p>Hi <strong>Sarah</strong>,</p>');
    expect(email.html).toMatch(/<a href="https:\/\/app\.example\/r\/abc_DEF-123"[^>]*>Leave a review<\/a>/);
    expect(email.html).toContain('bgcolor="#4f46e5"');
    expect(email.html).toContain('Harbourside &quot;Dental&quot; &amp; Co');
    expect(email.html).not.toContain('Harbourside "Dental"');
  });

  it('has a plain-text part with the paragraphs, links as "text (url)", the review link and the footer', () => {
    expect(email.text).toBe(
      [
        'Hi Sarah,',
        'Thanks for visiting. Our FAQ (https://harbourside.example/faq?a=1&b=2)',
        'Leave a review: https://app.example/r/abc_DEF-123',
        '--\nHarbourside "Dental" & Co\nYou are receiving this email because you recently did business with Harbourside "Dental" & Co. Reply to this email to reach Tom directly.\nDon\'t want these emails? Unsubscribe: https://app.example/r/abc_DEF-123/unsubscribe',
      ].join('\n\n'),
    );
  });
});

describe('htmlToText', () => {
  it('writes lists as "- item" and "1. item" and keeps line breaks', () => {
    expect(htmlToText('<p>Steps:</p><ol><li>Open</li><li>Click</li></ol><ul><li>One &amp; two</li></ul><p>a<br>b</p>')).toBe(
      'Steps:\n\n1. Open\n2. Click\n\n- One & two\n\na\nb',
    );
  });

  it('shows a link whose text is its address once, and decodes entities without creating markup', () => {
    expect(htmlToText('<p><a href="https://x.test/">https://x.test/</a> &lt;b&gt; &#39;q&#39;&nbsp;</p>')).toBe("https://x.test/ <b> 'q'");
  });

  it('collapses source white space and empty paragraphs', () => {
    expect(htmlToText('<p>\n  Hello\n  there </p><p><br></p><p><br></p><p>Bye</p>')).toBe('Hello there\n\nBye');
  });
});

describe('semanticLists', () => {
  it("turns Quill 2's data-list items into <ul> and <ol> runs", () => {
    expect(semanticLists('<ol><li data-list="bullet">a</li><li data-list="bullet">b</li><li data-list="ordered">c</li></ol>')).toBe(
      '<ul><li>a</li><li>b</li></ul><ol><li>c</li></ol>',
    );
  });

  it('leaves plain lists alone', () => {
    expect(semanticLists('<ol><li>a</li></ol><ul><li>b</li></ul>')).toBe('<ol><li>a</li></ol><ul><li>b</li></ul>');
  });
});

it('reviewLinkUrl joins PUBLIC_URL and the token', () => {
  expect(reviewLinkUrl('https://app.example/', 'tok')).toBe('https://app.example/r/tok');
});
