import { describe, expect, it } from 'vitest';
import { smsSegments } from './sms-segments.ts';

// Twilio's rules (INTEGRATIONS.md, "Segments"): GSM-7 160 in one, 153 per part; the extension table's
// characters count two; anything else makes the text UCS-2, 70 in one, 67 per part.

describe('smsSegments', () => {
  it('fits 160 GSM-7 characters in one message, and splits 161 into two parts of 153', () => {
    expect(smsSegments('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toMatchObject({ encoding: 'GSM-7', units: 161, segments: 2, perSegment: 153 });
    expect(smsSegments('a'.repeat(306))).toMatchObject({ segments: 2 });
    expect(smsSegments('a'.repeat(307))).toMatchObject({ segments: 3 });
    expect(smsSegments('')).toMatchObject({ segments: 0 });
  });

  it('counts the extension characters twice and never splits one across two parts', () => {
    expect(smsSegments('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments(`${'a'.repeat(159)}{`)).toMatchObject({ units: 161, segments: 2 });
    // 152 characters then an escape pair: the pair does not fit the first part's last place.
    expect(smsSegments(`${'a'.repeat(152)}[${'a'.repeat(152)}`)).toMatchObject({ units: 306, segments: 3 });
    expect(smsSegments('Prices in £ and é, ü, ñ: all GSM-7').encoding).toBe('GSM-7');
  });

  it('turns the whole text UCS-2 with one emoji: 70 in one, 67 per part, an emoji two units', () => {
    expect(smsSegments(`${'a'.repeat(159)}😀`)).toMatchObject({ encoding: 'UCS-2', units: 161, segments: 3, perSegment: 67 });
    expect(smsSegments('a'.repeat(69) + 'ç')).toMatchObject({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments('a'.repeat(70) + 'ç')).toMatchObject({ encoding: 'UCS-2', units: 71, segments: 2 });
    // A surrogate pair that would straddle the end of a part starts the next one.
    expect(smsSegments(`${'a'.repeat(66)}😀${'a'.repeat(10)}`)).toMatchObject({ units: 78, segments: 2 });
  });
});
