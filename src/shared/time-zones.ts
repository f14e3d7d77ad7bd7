// The time-zone picker of the Global Settings card: the zones the browser knows, grouped by region
// ("Australia", "Europe"...) and sorted, each labelled with its city and its offset today. Plain
// code with no dependencies (the island imports it); the server still checks the saved value.

export interface TimeZoneChoice {
  /** The zone's name as stored, e.g. "America/Argentina/Buenos_Aires". */
  value: string;
  /** What the owner reads, e.g. "Argentina / Buenos Aires (GMT-3)". */
  label: string;
}

export interface TimeZoneGroup {
  /** "America", "Europe"... or "Other" for zones with no region ("UTC"). */
  region: string;
  zones: TimeZoneChoice[];
}

const OTHER = 'Other';

/** The zones this browser knows; an empty list where Intl cannot list them. */
export function supportedTimeZones(): string[] {
  try {
    return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  } catch {
    return [];
  }
}

/** "GMT+11", "GMT-3:30", "GMT": the zone's offset at `now`; '' when Intl does not know the zone. */
export function zoneOffset(zone: string, now: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(now);
    const offset = parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
    // ICU versions differ on zero: "GMT" or "GMT+0".
    return offset === 'GMT+0' ? 'GMT' : offset;
  } catch {
    return '';
  }
}

const spaced = (text: string) => text.replace(/_/g, ' ');

/**
 * The choices, grouped by region and sorted (regions by name, "Other" last; zones by label). The
 * current value is always among them, even when the browser's list lacks it, and so is UTC.
 */
export function timeZoneGroups(zones: readonly string[], current: string, now: Date = new Date()): TimeZoneGroup[] {
  const all = new Set(zones);
  all.add('UTC');
  if (current) all.add(current);
  const groups = new Map<string, TimeZoneChoice[]>();
  for (const zone of all) {
    const slash = zone.indexOf('/');
    const region = slash > 0 ? zone.slice(0, slash) : OTHER;
    const place = spaced(slash > 0 ? zone.slice(slash + 1) : zone).replace(/\//g, ' / ');
    const offset = zoneOffset(zone, now);
    const choice = { value: zone, label: offset ? `${place} (${offset})` : place };
    const list = groups.get(region);
    if (list) list.push(choice);
    else groups.set(region, [choice]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === OTHER ? 1 : b === OTHER ? -1 : a.localeCompare(b, 'en')))
    .map(([region, list]) => ({ region: spaced(region), zones: list.sort((a, b) => a.label.localeCompare(b.label, 'en')) }));
}
