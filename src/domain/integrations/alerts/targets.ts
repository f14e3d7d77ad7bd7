import type { ALERT_CHANNELS } from '#shared/statuses.ts';

// Where alerts may go (INTEGRATIONS.md "Slack and Microsoft Teams"): Slack's incoming webhooks, and
// Teams' Workflows (or the older connector) webhook hosts. The exact list of Teams hosts is
// UNVERIFIED: every Microsoft host such a URL is known to use is accepted. With
// ALLOW_PRIVATE_WEBHOOK_TARGETS any http(s) address is (tests and fakes on loopback).

export type AlertChannel = (typeof ALERT_CHANNELS)[number];

export const ALERT_URL_MESSAGES = {
  slack: 'Enter a Slack incoming webhook URL: it starts with https://hooks.slack.com/services/',
  teams: 'Enter a Teams workflow webhook URL: an https address on logic.azure.com, powerplatform.com or webhook.office.com',
} as const;

const TEAMS_HOST_SUFFIXES = ['.logic.azure.com', '.powerplatform.com', '.powerautomate.com', '.webhook.office.com'];

/** The URL to store, or the message saying what is wrong with it. */
export function checkAlertUrl(channel: AlertChannel, value: string, allowAnyTarget: boolean): { ok: true; url: string } | { ok: false; message: string } {
  const refused = { ok: false as const, message: ALERT_URL_MESSAGES[channel] };
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return refused;
  }
  if (url.username || url.password) return refused;
  if (allowAnyTarget) return url.protocol === 'https:' || url.protocol === 'http:' ? { ok: true, url: url.href } : refused;
  if (url.protocol !== 'https:' || url.port !== '') return refused;
  const host = url.hostname.toLowerCase();
  const fits =
    channel === 'slack'
      ? host === 'hooks.slack.com' && /^\/services\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/?$/.test(url.pathname)
      : TEAMS_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix));
  return fits ? { ok: true, url: url.href } : refused;
}
