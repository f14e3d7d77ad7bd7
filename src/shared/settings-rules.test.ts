import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, checkSettingValue, isHiddenSettingKey, isIsoDate, isSettingKey, settingLabel } from './settings-rules.ts';

describe('settings rules', () => {
  it('knows a setting key', () => {
    expect(isSettingKey('target_reviews')).toBe(true);
    expect(isSettingKey('A1_b2')).toBe(true);
    expect(isSettingKey('x'.repeat(64))).toBe(true);
    for (const key of ['', 'x'.repeat(65), 'a-b', 'a b', 'a.b', 'ключ']) expect(isSettingKey(key)).toBe(false);
  });

  it('hides nps_, gmb_ and secret keys from the generic card', () => {
    expect(isHiddenSettingKey('gmb_account_id')).toBe(true);
    expect(isHiddenSettingKey('nps_score')).toBe(true);
    expect(isHiddenSettingKey('slack_webhook_url')).toBe(true);
    expect(isHiddenSettingKey('target_reviews')).toBe(false);
  });

  it('labels a key with its underscores turned into spaces', () => {
    expect(settingLabel('google_review_link')).toBe('google review link');
  });

  it('knows a calendar date', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    for (const d of ['2023-02-29', '2026-13-01', '2026-1-01', '26-01-01', '2026-01-01T00:00']) expect(isIsoDate(d)).toBe(false);
  });

  it('knows an IANA zone and spells it canonically', () => {
    expect(canonicalTimeZone('Australia/Sydney')).toBe('Australia/Sydney');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('Not/AZone')).toBeUndefined();
    expect(canonicalTimeZone('')).toBeUndefined();
  });

  it('normalises target_reviews and leaves unknown keys as given', () => {
    expect(checkSettingValue('target_reviews', ' 0120 ')).toEqual({ ok: true, value: '120' });
    expect(checkSettingValue('anything', '  spaced  ')).toEqual({ ok: true, value: '  spaced  ' });
    expect(checkSettingValue('anything', 'x'.repeat(2001)).ok).toBe(false);
  });

  it('takes Google account and location ids as numeric strings of 18 or more digits', () => {
    expect(checkSettingValue('gmb_account_id', ' 123456789012345678 ')).toEqual({ ok: true, value: '123456789012345678' });
    expect(checkSettingValue('gmb_location_id', 'locations/1234567890123456789012')).toEqual({ ok: true, value: '1234567890123456789012' });
    expect(checkSettingValue('gmb_account_id', 'accounts/123456789012345678')).toEqual({ ok: true, value: '123456789012345678' });
    expect(checkSettingValue('gmb_account_id', '')).toEqual({ ok: true, value: '' });
    for (const bad of ['12345678901234567', '12345678901234567x', '-123456789012345678', '1.23456789012345678e20']) {
      expect(checkSettingValue('gmb_account_id', bad)).toEqual({ ok: false, message: 'Account ID must be numeric, 18 or more digits' });
    }
    expect(checkSettingValue('gmb_location_id', 'abc')).toEqual({ ok: false, message: 'Location ID must be numeric, 18 or more digits' });
  });

  it('checks the game settings of issue 13', () => {
    expect(checkSettingValue('weekly_goal', ' 12 ')).toEqual({ ok: true, value: '12' });
    expect(checkSettingValue('weekly_goal', '')).toEqual({ ok: true, value: '' });
    expect(checkSettingValue('weekly_goal', '0').ok).toBe(false);
    expect(checkSettingValue('show_reviewer_names', 'FALSE')).toEqual({ ok: true, value: 'false' });
    expect(checkSettingValue('show_reviewer_names', 'no').ok).toBe(false);
    expect(checkSettingValue('wallboard_panels', 'people, teams,people')).toEqual({ ok: true, value: 'people,teams' });
    expect(checkSettingValue('wallboard_panels', 'teams,desk-cards')).toEqual({ ok: true, value: 'teams,desk-cards' });
    expect(checkSettingValue('wallboard_panels', 'teams,charts').ok).toBe(false);
    expect(checkSettingValue('wallboard_panels', '').ok).toBe(false);
    expect(checkSettingValue('wallboard_rotate_seconds', '4').ok).toBe(false);
    expect(checkSettingValue('wallboard_rotate_seconds', '30')).toEqual({ ok: true, value: '30' });
    expect(checkSettingValue('follow_up_after_days', '3')).toEqual({ ok: true, value: '3' });
    expect(checkSettingValue('follow_up_after_days', '').ok).toBe(false);
  });
});
