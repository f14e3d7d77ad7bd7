import { describe, expect, it } from 'vitest';
import { sanitizeEmailHtml } from './sanitize-html.ts';

describe('sanitizeEmailHtml', () => {
  it('keeps the formatting the editor makes', () => {
    const html =
      '<p>Hi <strong>Sam</strong>, <em>thanks</em> <u>so</u> much</p><ol><li data-list="bullet">One</li></ol><p><span style="color:#e60000">red</span> <a href="https://g.page/r/x" target="_blank" rel="noopener noreferrer">review</a></p>';
    expect(sanitizeEmailHtml(html)).toBe(html);
  });

  it('removes scripts, event handlers and javascript: links', () => {
    const html = '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a></p>';
    const clean = sanitizeEmailHtml(html);
    expect(clean).not.toMatch(/script|onerror|onclick|javascript:/i);
    expect(clean).toBe('<p>Hi<a>x</a></p>');
  });

  it('drops styles that are not a colour', () => {
    expect(sanitizeEmailHtml('<span style="position:fixed;color:#fff;background:url(x)">a</span>')).toBe('<span style="color:#fff">a</span>');
  });
});
