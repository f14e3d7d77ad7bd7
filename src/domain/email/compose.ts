import { escapeHtml } from '#shared/placeholders.ts';

// The review-request email: the staff member's edited body, one clear button to the tracked review
// link, a short footer naming the business, and a plain-text part derived from the same HTML.

export const REVIEW_BUTTON_LABEL = 'Leave a review';
export const UNSUBSCRIBE_LINE = "Don't want these emails?";
export const UNSUBSCRIBE_LABEL = 'Unsubscribe';
/** The look every email of the product shares. */
export const BUTTON_COLOR = '#4f46e5';
export const FONT_STACK = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export interface ReviewEmailInput {
  businessName: string;
  staffFirstName: string;
  staffEmail: string;
  customerEmail: string;
  subject: string;
  /** The body, already sanitised (src/platform/sanitize-html.ts). */
  bodyHtml: string;
  /** `{PUBLIC_URL}/r/{token}`. */
  reviewUrl: string;
  /** `{PUBLIC_URL}/r/{token}/unsubscribe`: in the List-Unsubscribe headers and the footer's link. */
  unsubscribeUrl: string;
}

/** What the outbox stores and the mailer sends (the From address comes from MAIL_FROM at send time). */
export interface ComposedEmail {
  to: string;
  fromName: string;
  replyTo: string;
  subject: string;
  html: string;
  text: string;
  unsubscribeUrl: string;
}

/**
 * The page of the product's own emails to a workspace's admin (a reset link, an account notice): one
 * white card, a heading, and `inner`, already HTML.
 */
export function productEmailDocument(title: string, heading: string, inner: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background-color:#f1f5f9;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background-color:#f1f5f9;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:600px;background-color:#ffffff;border-radius:12px;border:1px solid #e2e8f0;">
<tr><td style="padding:28px;font-family:${FONT_STACK};font-size:16px;line-height:1.6;color:#1e293b;">
<p style="margin:0 0 12px 0;font-size:20px;font-weight:700;">${escapeHtml(heading)}</p>
${inner}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** The public address of a request's tracked review link. */
export function reviewLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/r/${encodeURIComponent(token)}`;
}

export function composeReviewEmail(input: ReviewEmailInput): ComposedEmail {
  const subject = oneLine(input.subject);
  const body = semanticLists(input.bodyHtml);
  const footer = `You are receiving this email because you recently did business with ${input.businessName}. Reply to this email to reach ${input.staffFirstName} directly.`;
  return {
    to: input.customerEmail,
    fromName: oneLine(input.businessName),
    replyTo: input.staffEmail,
    subject,
    html: emailDocument({ subject, body, reviewUrl: input.reviewUrl, businessName: input.businessName, footer, unsubscribeUrl: input.unsubscribeUrl }),
    text: [
      htmlToText(body),
      `${REVIEW_BUTTON_LABEL}: ${input.reviewUrl}`,
      `--\n${input.businessName}\n${footer}\n${UNSUBSCRIBE_LINE} ${UNSUBSCRIBE_LABEL}: ${input.unsubscribeUrl}`,
    ]
      .filter((part) => part.trim() !== '')
      .join('\n\n'),
    unsubscribeUrl: input.unsubscribeUrl,
  };
}

/** Header values stay on one line (no header injection, no folded subjects). */
function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim();
}

function emailDocument(parts: { subject: string; body: string; reviewUrl: string; businessName: string; footer: string; unsubscribeUrl: string }): string {
  const url = escapeHtml(parts.reviewUrl);
  const business = escapeHtml(parts.businessName);
  // The button is a table cell with a background colour (drawn by every client) holding a padded
  // link; Outlook for Windows, which ignores padding on links, gets a VML rounded rectangle instead.
  const button = `<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:28px 0 8px 0;">
<tr><td align="center" bgcolor="${BUTTON_COLOR}" style="border-radius:8px;background-color:${BUTTON_COLOR};">
<!--[if mso]><v:roundrect xmlns:v="urn:schemas-microsoft-com:vml" xmlns:w="urn:schemas-microsoft-com:office:word" href="${url}" style="height:48px;v-text-anchor:middle;width:220px;" arcsize="17%" stroke="f" fillcolor="${BUTTON_COLOR}"><w:anchorlock/><center style="color:#ffffff;font-family:Arial,sans-serif;font-size:16px;font-weight:bold;">${REVIEW_BUTTON_LABEL}</center></v:roundrect><![endif]-->
<!--[if !mso]><!-- --><a href="${url}" target="_blank" rel="noopener" style="display:inline-block;padding:14px 28px;font-family:${FONT_STACK};font-size:16px;font-weight:600;line-height:20px;color:#ffffff;text-decoration:none;border-radius:8px;background-color:${BUTTON_COLOR};">${REVIEW_BUTTON_LABEL}</a><!--<![endif]-->
</td></tr></table>`;
  return `<!doctype html>
<html lang="en" xmlns:v="urn:schemas-microsoft-com:vml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<title>${escapeHtml(parts.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f1f5f9;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background-color:#f1f5f9;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:600px;background-color:#ffffff;border-radius:12px;border:1px solid #e2e8f0;">
<tr><td style="padding:20px 28px 28px 28px;font-family:${FONT_STACK};font-size:16px;line-height:1.6;color:#1e293b;">
${parts.body}
${button}
<p style="margin:16px 0 0 0;font-size:13px;line-height:1.5;color:#64748b;">If the button does not work, copy this address into your browser:<br><a href="${url}" style="color:#4338ca;word-break:break-all;">${url}</a></p>
</td></tr>
<tr><td style="padding:18px 28px;border-top:1px solid #e2e8f0;font-family:${FONT_STACK};font-size:12px;line-height:1.5;color:#64748b;">
<strong style="color:#334155;">${business}</strong><br>${escapeHtml(parts.footer)}<br>${escapeHtml(UNSUBSCRIBE_LINE)} <a href="${escapeHtml(parts.unsubscribeUrl)}" style="color:#64748b;text-decoration:underline;">${UNSUBSCRIBE_LABEL}</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/**
 * Quill 2 writes every list as <ol> with data-list="bullet" or "ordered" on each item; email
 * clients need real <ul> and <ol>. Each run of items of one kind becomes its own list.
 */
export function semanticLists(html: string): string {
  return html.replace(/<ol>([\s\S]*?)<\/ol>/g, (whole, inner: string) => {
    const items = [...inner.matchAll(/<li(?:\s+data-list="(\w+)")?>([\s\S]*?)<\/li>/g)];
    if (items.length === 0 || !items.some((item) => item[1])) return whole;
    let out = '';
    let open: 'ul' | 'ol' | null = null;
    for (const [, kind, content] of items) {
      const tag = kind === 'bullet' ? 'ul' : 'ol';
      if (tag !== open) {
        if (open) out += `</${open}>`;
        out += `<${tag}>`;
        open = tag;
      }
      out += `<li>${content}</li>`;
    }
    return `${out}</${open}>`;
  });
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    const lower = ref.toLowerCase();
    if (lower.startsWith('#x')) return safeCodePoint(parseInt(lower.slice(2), 16)) ?? whole;
    if (lower.startsWith('#')) return safeCodePoint(parseInt(lower.slice(1), 10)) ?? whole;
    return NAMED_ENTITIES[lower] ?? whole;
  });
}

function safeCodePoint(code: number): string | undefined {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

/** Marks a nesting level while the text is cleaned up; becomes two spaces at the end. */
const INDENT = '\u0001';

/**
 * Plain text from (sanitised) email HTML: paragraphs and headings separated by a blank line, line
 * breaks kept, list items as "- item" or "1. item", links as "text (url)".
 */
export function htmlToText(html: string): string {
  const counters: number[] = [];
  const kinds: ('ul' | 'ol')[] = [];
  const text = html
    // White space in HTML source is one space; the structure below adds the line breaks.
    .replace(/\s+/g, ' ')
    .replace(/<a\b[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, inner: string) => {
      const label = inner.replace(/<[^>]+>/g, '').trim();
      const shown = decodeEntities(label);
      const url = decodeEntities(href);
      if (!shown || shown === url || `mailto:${shown}` === url) return href;
      return `${label} (${href})`;
    })
    .replace(/<(\/?)(ul|ol|li)\b[^>]*>/gi, (_, closing: string, tag: string) => {
      const name = tag.toLowerCase();
      if (name === 'li') {
        if (closing) return '';
        const depth = kinds.length;
        const indent = INDENT.repeat(Math.max(0, depth - 1));
        if (kinds[depth - 1] === 'ol') {
          counters[depth - 1] = (counters[depth - 1] ?? 0) + 1;
          return `\n${indent}${counters[depth - 1]}. `;
        }
        return `\n${indent}- `;
      }
      if (closing) {
        kinds.pop();
        counters.pop();
      } else {
        kinds.push(name as 'ul' | 'ol');
        counters.push(0);
      }
      return '\n\n';
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?(p|h[1-6]|blockquote|div)\b[^>]*>/gi, '\n\n')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.trim().replaceAll(INDENT, '  '))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
