import { describe, expect, it } from 'vitest';
import { ALERT_URL_MESSAGES, checkAlertUrl } from './targets.ts';

describe('checkAlertUrl', () => {
  it("takes Slack's incoming webhooks only, over https", () => {
    expect(checkAlertUrl('slack', ' https://hooks.slack.com/services/T0123/B0456/abcDEF123 ', false)).toEqual({
      ok: true,
      url: 'https://hooks.slack.com/services/T0123/B0456/abcDEF123',
    });
    for (const url of [
      'http://hooks.slack.com/services/T/B/x',
      'https://hooks.slack.com.evil.test/services/T/B/x',
      'https://example.com/services/T/B/x',
      'https://hooks.slack.com/workflows/T/B/x',
      'https://user:pw@hooks.slack.com/services/T/B/x',
      'not a url',
      'https://hooks.slack.com:8443/services/T/B/x',
    ]) {
      expect(checkAlertUrl('slack', url, false)).toEqual({ ok: false, message: ALERT_URL_MESSAGES.slack });
    }
  });

  it("takes Teams' workflow and connector webhook hosts, over https", () => {
    for (const url of [
      'https://prod-12.westeurope.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?api-version=2016-06-01&sig=x',
      'https://default123.environment.api.powerplatform.com/powerautomate/automations/direct/workflows/abc/triggers/manual/paths/invoke',
      'https://contoso.webhook.office.com/webhookb2/abc/IncomingWebhook/def/ghi',
    ]) {
      expect(checkAlertUrl('teams', url, false).ok, url).toBe(true);
    }
    for (const url of [
      'https://logic.azure.com.evil.test/x',
      'http://prod-1.logic.azure.com/workflows/x',
      'https://127.0.0.1/x',
      'https://10.0.0.5/hook',
      'file:///etc/passwd',
    ]) {
      expect(checkAlertUrl('teams', url, false)).toEqual({ ok: false, message: ALERT_URL_MESSAGES.teams });
    }
  });

  it('takes any http(s) address, loopback too, when the operator allows private targets', () => {
    expect(checkAlertUrl('slack', 'http://127.0.0.1:9000/services/T/B/x', true)).toMatchObject({ ok: true });
    expect(checkAlertUrl('teams', 'ftp://127.0.0.1/x', true)).toMatchObject({ ok: false });
  });
});
