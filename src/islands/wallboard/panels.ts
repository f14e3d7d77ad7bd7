import type { WallboardPanel } from '#shared/settings-rules.ts';

/** What each panel is called on the screen, in its indicator. */
export const PANEL_TITLES: Record<WallboardPanel, string> = {
  teams: 'Teams',
  people: 'People this week',
  week: 'This week',
  latest: 'Latest reviews',
  'desk-cards': 'Scan to review',
};

/** The admin's panels less "Scan to review" while no card is printed, unless it is the only one (it then says so). */
export function panelsToShow(panels: readonly WallboardPanel[], deskCards: number): WallboardPanel[] {
  const shown = deskCards > 0 ? [...panels] : panels.filter((p) => p !== 'desk-cards');
  return shown.length > 0 ? shown : [...panels];
}

/** The panel on screen: `current` while the admin's list still has it, else the list's first. */
export function shownPanel(panels: readonly WallboardPanel[], current: WallboardPanel | null): WallboardPanel {
  return current !== null && panels.includes(current) ? current : (panels[0] ?? 'teams');
}

/** The panel after `current` in the admin's list, round again; a single panel stays. */
export function panelAfter(panels: readonly WallboardPanel[], current: WallboardPanel | null): WallboardPanel {
  const shown = shownPanel(panels, current);
  return panels[(panels.indexOf(shown) + 1) % panels.length] ?? shown;
}
