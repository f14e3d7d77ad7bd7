// What each setting of the Global Settings card does, in plain words, and where to find its value
// (issue 33). SPEC.md fixes the label (the key with underscores turned into spaces, settingLabel);
// this is the line shown under it.
import { DEFAULT_FOLLOW_UP_AFTER_DAYS, FOLLOW_UP_DAYS_MAX, SMS_SETTING_KEYS, STAFF_CAN_REPLY_KEY, TARGET_REVIEWS_MAX } from './settings-rules.ts';

const HELP: Record<string, string> = {
  google_review_link:
    'The page where customers write a Google review: review emails and the review page send them there. Connecting Google (Google My Business Profile card) fills it in; ' +
    'or open your Business Profile on Google, choose “Ask for reviews”, copy the link (it starts with https://) and paste it here.',
  target_reviews: `How many reviews the challenge aims for: the wallboard's progress bar fills toward it. A whole number up to ${TARGET_REVIEWS_MAX.toLocaleString('en')}; change it any time.`,
  challenge_start_date: 'Reviews written from this day on count toward the challenge; older ones are kept but not counted.',
  timezone: 'Dates and times across the dashboard, and when each challenge day and week begins, follow this time zone: choose the one your office is in.',
  follow_up_after_days: `How many days after asking, with no review yet, staff are offered a reminder to send (${DEFAULT_FOLLOW_UP_AFTER_DAYS} unless changed; 1 to ${FOLLOW_UP_DAYS_MAX}).`,
  request_timing_tip: 'The tip staff read on the Log Review Request page about when to ask. A template with a tip of its own shows that one instead.',
  [STAFF_CAN_REPLY_KEY]:
    'true lets staff answer Google reviews too; false keeps replies to the admin. Easiest to change in the Replies to Google reviews card.',
  [SMS_SETTING_KEYS.defaultChannel]: 'How a request reaches the customer when the log form does not say: email, sms (a text message) or both.',
  [SMS_SETTING_KEYS.quietStart]: 'Texts are not sent from this time (24-hour clock, such as 20:00, your time zone); they wait until quiet hours end.',
  [SMS_SETTING_KEYS.quietEnd]: 'Texts held back during quiet hours go out from this time (24-hour clock, such as 08:00, your time zone).',
  [SMS_SETTING_KEYS.phoneCountry]: 'The country of phone numbers typed without a + and country code: two letters, such as AU, NZ, GB or US.',
};

/** Shown for a setting the product does not read itself (one added through the API or by an integration). */
export const OWN_SETTING_HELP = 'Kept for your own tools (added through the API or an integration): Review Challenge itself does not use it.';

/** What the setting does and where its value comes from, in plain words. */
export function settingHelp(key: string): string {
  return Object.hasOwn(HELP, key) ? HELP[key]! : OWN_SETTING_HELP;
}
