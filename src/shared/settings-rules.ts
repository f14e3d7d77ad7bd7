// Settings rules shared by the server and the Global Settings card (plain functions, decision 006).
// Each value rule returns the message for a refused value, or the value as it will be stored.
import { isClockTime } from './quiet-hours.ts';
import { REQUEST_CHANNELS } from './statuses.ts';

export const SETTING_KEY_MAX = 64;
export const SETTING_VALUE_MAX = 2000;
export const TARGET_REVIEWS_MIN = 1;
export const TARGET_REVIEWS_MAX = 100_000;
/** The challenge's target and time zone until an admin sets them (a new workspace starts with these). */
export const DEFAULT_TARGET_REVIEWS = 120;
export const DEFAULT_TIMEZONE = 'Australia/Sydney';

/** Settings that never leave the server in clear: listed as "connected", not writable through the generic API. */
export const SECRET_SETTING_KEYS: ReadonlySet<string> = new Set(['gmb_refresh_token', 'gmb_access_token', 'slack_webhook_url', 'teams_webhook_url']);
export const SECRET_SETTING_MASK = 'connected';

/** Prefixes the generic settings card leaves out (SPEC.md section 2). */
export const HIDDEN_SETTING_PREFIXES = ['nps_', 'gmb_', 'setup_'] as const;

/** Set by the set-up checklist when the owner chooses to send review links by hand (no email). */
export const COPY_LINK_MODE_KEY = 'setup_copy_link_mode';

/** Settings whose change moves the wallboard (target, counted period, weekly goal, what it shows). */
export const DASHBOARD_SETTING_KEYS: ReadonlySet<string> = new Set([
  'target_reviews',
  'challenge_start_date',
  'timezone',
  'weekly_goal',
  'show_reviewer_names',
  'show_unknown_team',
  'wallboard_panels',
  'wallboard_rotate_seconds',
]);

/** "true": staff may answer Google reviews too, not only the admin (issue 30). */
export const STAFF_CAN_REPLY_KEY = 'staff_can_reply';

/** Texting's settings (issue 29): how a request is sent unless the form says, quiet hours, the phone country. */
export const SMS_SETTING_KEYS = {
  defaultChannel: 'sms_default_channel',
  quietStart: 'sms_quiet_start',
  quietEnd: 'sms_quiet_end',
  phoneCountry: 'phone_country',
} as const;

/** The wallboard's panels (issue 13; the people's desk-card QR codes, issue 29), in the order they rotate. */
export const WALLBOARD_PANELS = ['teams', 'people', 'week', 'latest', 'desk-cards'] as const;
export type WallboardPanel = (typeof WALLBOARD_PANELS)[number];
/** The panels of a wallboard whose admin never chose: the desk cards' codes are for screens customers see, so they are asked for. */
export const DEFAULT_WALLBOARD_PANELS: readonly WallboardPanel[] = ['teams', 'people', 'week', 'latest'];
export const WEEKLY_GOAL_MAX = 10_000;
export const ROTATE_SECONDS_MIN = 5;
export const ROTATE_SECONDS_MAX = 600;
export const DEFAULT_ROTATE_SECONDS = 20;
export const FOLLOW_UP_DAYS_MAX = 60;
export const DEFAULT_FOLLOW_UP_AFTER_DAYS = 3;
export const DEFAULT_REQUEST_TIMING_TIP =
  'Ask while the visit is fresh: the same day, ideally within an hour of a good conversation. Email requests opened in the first day get most reviews.';

export const SETTING_KEY_INVALID = `A setting key has only letters, digits and underscores, at most ${SETTING_KEY_MAX} characters`;
export const SETTING_VALUE_TOO_LONG = `A setting value is at most ${SETTING_VALUE_MAX} characters`;
export const SETTING_SECRET_READ_ONLY = 'This setting is managed by its connection and cannot be changed here';

export type ValueCheck = { ok: true; value: string } | { ok: false; message: string };

export function isSettingKey(key: string): boolean {
  return key.length <= SETTING_KEY_MAX && /^[A-Za-z0-9_]+$/.test(key) && key !== '__proto__';
}

export function isHiddenSettingKey(key: string): boolean {
  return SECRET_SETTING_KEYS.has(key) || HIDDEN_SETTING_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/** The label of a setting in the generic card: the key with underscores turned into spaces. */
export function settingLabel(key: string): string {
  return key.replace(/_/g, ' ');
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The zone's canonical IANA name, or undefined when Intl does not know it. */
export function canonicalTimeZone(zone: string): string | undefined {
  if (!zone || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Google Business Profile account and location ids: numeric strings of 18 or more digits (INTEGRATIONS.md). */
export const GMB_ID_PATTERN = /^\d{18,32}$/;
export const GMB_ACCOUNT_ID_INVALID = 'Account ID must be numeric, 18 or more digits';
export const GMB_LOCATION_ID_INVALID = 'Location ID must be numeric, 18 or more digits';

function gmbIdRule(message: string) {
  return (raw: string): ValueCheck => {
    // Pasting "accounts/123..." or "locations/123..." from Google's tools is forgiven.
    const value = raw.trim().replace(/^(accounts|locations)\//, '');
    return value === '' || GMB_ID_PATTERN.test(value) ? { ok: true, value } : { ok: false, message };
  };
}

function yesNoRule(message: string) {
  return (raw: string): ValueCheck => {
    const value = raw.trim().toLowerCase();
    return value === 'true' || value === 'false' ? { ok: true, value } : { ok: false, message };
  };
}

function wholeNumberRule(min: number, max: number, message: string, emptyAllowed: boolean) {
  return (raw: string): ValueCheck => {
    const value = raw.trim();
    if (value === '' && emptyAllowed) return { ok: true, value };
    const n = /^\d{1,7}$/.test(value) ? Number(value) : NaN;
    return n >= min && n <= max ? { ok: true, value: String(n) } : { ok: false, message };
  };
}

function clockTimeRule(label: string) {
  return (raw: string): ValueCheck => {
    const value = raw.trim();
    return isClockTime(value) ? { ok: true, value } : { ok: false, message: `${label} is a time written HH:MM, such as 20:00` };
  };
}

const KNOWN_RULES: Record<string, (value: string) => ValueCheck> = {
  [SMS_SETTING_KEYS.defaultChannel]: (raw) => {
    const value = raw.trim().toLowerCase();
    return (REQUEST_CHANNELS as readonly string[]).includes(value)
      ? { ok: true, value }
      : { ok: false, message: `Sms default channel is one of ${REQUEST_CHANNELS.join(', ')}` };
  },
  [SMS_SETTING_KEYS.quietStart]: clockTimeRule('Sms quiet start'),
  [SMS_SETTING_KEYS.quietEnd]: clockTimeRule('Sms quiet end'),
  [SMS_SETTING_KEYS.phoneCountry]: (raw) => {
    const value = raw.trim().toUpperCase();
    return /^[A-Z]{2}$/.test(value) ? { ok: true, value } : { ok: false, message: 'Phone country is a two-letter country code, such as AU, NZ, GB or US' };
  },
  weekly_goal: wholeNumberRule(1, WEEKLY_GOAL_MAX, `Weekly goal must be empty or a whole number from 1 to ${WEEKLY_GOAL_MAX}`, true),
  show_reviewer_names: yesNoRule('Show reviewer names is true or false'),
  show_unknown_team: yesNoRule('Show unknown team is true or false'),
  [STAFF_CAN_REPLY_KEY]: yesNoRule('Staff can reply is true or false'),
  wallboard_panels: (raw) => {
    const panels = raw
      .split(',')
      .map((p) => p.trim().toLowerCase())
      .filter(Boolean);
    const known = new Set<string>(WALLBOARD_PANELS);
    return panels.length > 0 && panels.every((p) => known.has(p))
      ? { ok: true, value: [...new Set(panels)].join(',') }
      : { ok: false, message: `Wallboard panels is a comma list of ${WALLBOARD_PANELS.join(', ')}` };
  },
  wallboard_rotate_seconds: wholeNumberRule(
    ROTATE_SECONDS_MIN,
    ROTATE_SECONDS_MAX,
    `Wallboard rotate seconds must be a whole number from ${ROTATE_SECONDS_MIN} to ${ROTATE_SECONDS_MAX}`,
    false,
  ),
  follow_up_after_days: wholeNumberRule(1, FOLLOW_UP_DAYS_MAX, `Follow up after days must be a whole number from 1 to ${FOLLOW_UP_DAYS_MAX}`, false),
  [COPY_LINK_MODE_KEY]: (raw) => (raw === 'yes' || raw === 'no' ? { ok: true, value: raw } : { ok: false, message: 'Copy-the-link mode is yes or no' }),
  gmb_account_id: gmbIdRule(GMB_ACCOUNT_ID_INVALID),
  gmb_location_id: gmbIdRule(GMB_LOCATION_ID_INVALID),
  target_reviews: (raw) => {
    const value = raw.trim();
    const n = /^\d{1,7}$/.test(value) ? Number(value) : NaN;
    return Number.isInteger(n) && n >= TARGET_REVIEWS_MIN && n <= TARGET_REVIEWS_MAX
      ? { ok: true, value: String(n) }
      : { ok: false, message: `Target reviews must be a whole number from ${TARGET_REVIEWS_MIN} to ${TARGET_REVIEWS_MAX}` };
  },
  challenge_start_date: (raw) => {
    const value = raw.trim();
    // Empty clears it: the challenge then counts from the workspace's creation.
    return value === '' || isIsoDate(value) ? { ok: true, value } : { ok: false, message: 'Challenge start date must be a date written YYYY-MM-DD' };
  },
  google_review_link: (raw) => {
    const value = raw.trim();
    if (value === '') return { ok: true, value };
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    return url && url.protocol === 'https:' && url.hostname
      ? { ok: true, value }
      : { ok: false, message: 'Google review link must be empty or an https:// link' };
  },
  timezone: (raw) => {
    const zone = canonicalTimeZone(raw.trim());
    return zone ? { ok: true, value: zone } : { ok: false, message: 'Timezone must be one of the listed time zones, such as Australia/Sydney' };
  },
};

/** Checks a value for a key (known keys by their rule, every key by the length limit). */
export function checkSettingValue(key: string, value: string): ValueCheck {
  if (value.length > SETTING_VALUE_MAX) return { ok: false, message: SETTING_VALUE_TOO_LONG };
  return Object.hasOwn(KNOWN_RULES, key) ? KNOWN_RULES[key]!(value) : { ok: true, value };
}
