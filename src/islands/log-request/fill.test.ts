import { describe, expect, it } from 'vitest';
import {
  clearedDraft,
  EMPTY_DRAFT,
  editedBody,
  emailHtmlFromEditor,
  filledPhoneScript,
  isBlankHtml,
  nextDraft,
  timingTipFor,
  type LogTemplate,
} from './fill.ts';
import { staffCookieString } from './staff-cookies.ts';

const template: LogTemplate = {
  id: 7,
  name: 'Thanks',
  subject: 'Thanks {firstName}!',
  htmlContent: '<p>Hi {firstName} {lastName}, {staffFirstName} here from {companyName}.</p>',
  phoneScript: 'Hi {firstName}, it is {staffFirstName} from {companyName}...',
  smsBody: null,
  timingTip: null,
};
const company = { companyName: 'Harbourside Dental' };

describe('the log form draft', () => {
  it('fills subject and body when a template is chosen, keeping empty fields literal', () => {
    const draft = nextDraft(EMPTY_DRAFT, template, { ...company, firstName: 'Sarah' }, true);
    expect(draft.subject).toBe('Thanks Sarah!');
    expect(draft.body).toBe('<p>Hi Sarah {lastName}, {staffFirstName} here from Harbourside Dental.</p>');
  });

  it('escapes names in the HTML body but not in the plain-text subject', () => {
    const draft = nextDraft(EMPTY_DRAFT, template, { ...company, firstName: 'Jo <b>', lastName: "O'Neil & Co" }, true);
    expect(draft.subject).toBe('Thanks Jo <b>!');
    expect(draft.body).toContain('Hi Jo &lt;b&gt; O&#39;Neil &amp; Co,');
  });

  it('follows name changes until the part is edited by hand, then leaves that part alone', () => {
    let draft = nextDraft(EMPTY_DRAFT, template, { ...company, firstName: 'Sa' }, true);
    draft = nextDraft(draft, template, { ...company, firstName: 'Sarah' }, false);
    expect(draft.subject).toBe('Thanks Sarah!');
    draft = editedBody(draft, '<p>My own words</p>');
    draft = nextDraft(draft, template, { ...company, firstName: 'Sarah', lastName: 'Kim' }, false);
    expect(draft.body).toBe('<p>My own words</p>');
    expect(draft.subject).toBe('Thanks Sarah!');
  });

  it('starts afresh on another template and clears everything when the template is cleared', () => {
    const edited = { subject: 'Mine', body: '<p>Mine</p>', bodyVersion: 3, subjectEdited: true, bodyEdited: true };
    expect(nextDraft(edited, template, company, true)).toMatchObject({ subject: 'Thanks {firstName}!', bodyEdited: false, bodyVersion: 4 });
    expect(nextDraft(edited, undefined, company, true)).toEqual({ ...EMPTY_DRAFT, bodyVersion: 4 });
  });

  it('counts a new body version only when the body is set from outside the editor', () => {
    let draft = nextDraft(EMPTY_DRAFT, template, company, true);
    expect(draft.bodyVersion).toBe(1);
    draft = nextDraft(draft, template, { ...company, firstName: 'Sarah' }, false);
    expect(draft.bodyVersion).toBe(2);
    draft = editedBody(draft, '<p>Mine</p>');
    expect(draft).toMatchObject({ body: '<p>Mine</p>', bodyEdited: true, bodyVersion: 2 });
    // A name typed after the hand edit changes nothing in the body.
    expect(nextDraft(draft, template, { ...company, firstName: 'Sam' }, false).bodyVersion).toBe(2);
    expect(clearedDraft(draft)).toEqual({ ...EMPTY_DRAFT, bodyVersion: 3 });
  });

  it('fills the phone script, or has none', () => {
    expect(filledPhoneScript(template, { ...company, firstName: 'Sarah', staffFirstName: 'Tom' })).toBe('Hi Sarah, it is Tom from Harbourside Dental...');
    expect(filledPhoneScript({ ...template, phoneScript: '  ' }, company)).toBeNull();
    expect(filledPhoneScript(undefined, company)).toBeNull();
  });
});

describe('the editor HTML', () => {
  it('turns Quill non-breaking spaces back into wrapping spaces, keeping runs', () => {
    expect(emailHtmlFromEditor('<p>Hi&nbsp;there&nbsp;&nbsp;&nbsp;you</p>')).toBe('<p>Hi there &nbsp;&nbsp;you</p>');
  });

  it('knows an empty editor', () => {
    expect(isBlankHtml('<p><br></p>')).toBe(true);
    expect(isBlankHtml('<p>&nbsp;</p>')).toBe(true);
    expect(isBlankHtml('<p>x</p>')).toBe(false);
  });
});

describe('the staff cookies', () => {
  it('last 365 days on the whole site, encoded', () => {
    expect(staffCookieString('staffFirstName', 'Zoë; x', false)).toBe('staffFirstName=Zo%C3%AB%3B%20x; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(staffCookieString('teamId', '3', true)).toContain('; Secure');
  });
});

describe('the timing tip', () => {
  it("shows the chosen template's tip, else the workspace's", () => {
    expect(timingTipFor(undefined, 'Ask the same day')).toBe('Ask the same day');
    expect(timingTipFor(template, 'Ask the same day')).toBe('Ask the same day');
    expect(timingTipFor({ ...template, timingTip: '  ' }, 'Ask the same day')).toBe('Ask the same day');
    expect(timingTipFor({ ...template, timingTip: 'After the check-up' }, 'Ask the same day')).toBe('After the check-up');
  });
});
