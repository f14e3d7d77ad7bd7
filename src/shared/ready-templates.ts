// The ready-made email templates the landing page promises (issue 33, item 5): three an owner can add
// to a workspace with one click and then edit like any other (decision 065). Browser-safe: the Email
// Templates card shows them and adds them through POST /api/email-templates.

export interface ReadyTemplate {
  /** Stable id of the offer (never stored: an added template is an ordinary one). */
  key: 'friendly' | 'short' | 'appointment';
  name: string;
  subject: string;
  htmlContent: string;
  phoneScript: string;
  /** When asking works best with it (the landing page's "timing cues"). */
  timingTip: string;
}

export const READY_TEMPLATES: readonly ReadyTemplate[] = [
  {
    key: 'friendly',
    name: 'Friendly thank-you',
    subject: 'Thank you for choosing {companyName}, {firstName}',
    htmlContent:
      '<p>Hi {firstName},</p>' +
      '<p>Thank you for choosing {companyName}. It was a pleasure to look after you, and we hope everything went the way you wanted.</p>' +
      '<p>If you have a minute, would you tell others about your experience in a short review? It helps people like you find us, and it means a lot to our team.</p>' +
      '<p>Thanks again,<br>{staffFirstName} at {companyName}</p>',
    phoneScript:
      "Hi {firstName}, it's {staffFirstName} from {companyName}. Thanks again for choosing us. " +
      'Reviews really help people find a business like ours: would you be happy to leave us a short Google review? ' +
      "I'll email you the link now; it takes about a minute. Thank you!",
    timingTip: 'Ask the same day, while they are still with you or within an hour of a good conversation.',
  },
  {
    key: 'short',
    name: 'Short and simple',
    subject: 'A quick favour, {firstName}?',
    htmlContent:
      '<p>Hi {firstName},</p>' +
      '<p>Thanks for your visit to {companyName}. Could you spare a minute to leave us a review? Just use the button below.</p>' +
      '<p>{staffFirstName}</p>',
    phoneScript:
      "Hi {firstName}, {staffFirstName} from {companyName} here. A quick favour: would you leave us a short review? I'm emailing you the link now. Thanks so much!",
    timingTip: 'Best for quick visits and calls: ask before they leave, and log it straight away.',
  },
  {
    key: 'appointment',
    name: 'After an appointment',
    subject: 'How was your appointment, {firstName}?',
    htmlContent:
      '<p>Hi {firstName},</p>' +
      '<p>Thank you for your appointment with {companyName} today. We hope it went well and that you left with everything you needed.</p>' +
      '<p>Your words help others decide whether we are right for them. Would you share how it went in a short review?</p>' +
      '<p>If anything was not right, reply to this email and {staffFirstName} will get back to you.</p>' +
      '<p>Kind regards,<br>{staffFirstName}<br>{companyName}</p>',
    phoneScript:
      "Hi {firstName}, it's {staffFirstName} from {companyName}. I'm calling to check your appointment went well today. " +
      '(Listen, and thank them.) Would you mind sharing that in a short review? ' +
      "I'll send you an email with the link; it only takes a minute. And if anything wasn't right, reply to that email and I'll sort it out.",
    timingTip: 'Ask at the front desk as they leave, or call the same afternoon while the appointment is fresh.',
  },
];

/** The ready-made templates a workspace does not hold yet (by name: an added one is no longer offered). */
export function readyTemplatesToOffer(existingNames: readonly string[]): ReadyTemplate[] {
  const taken = new Set(existingNames.map((name) => name.trim().toLowerCase()));
  return READY_TEMPLATES.filter((template) => !taken.has(template.name.toLowerCase()));
}

/** What POST /api/email-templates gets to add one: an active template, fields as offered. */
export function readyTemplateBody(template: ReadyTemplate) {
  return {
    name: template.name,
    subject: template.subject,
    htmlContent: template.htmlContent,
    phoneScript: template.phoneScript,
    timingTip: template.timingTip,
    isActive: true,
  };
}
