import { useEffect, useState } from 'preact/hooks';
import type { WallboardPanel } from '#shared/settings-rules.ts';
import { panelAfter, shownPanel } from './panels.ts';

/**
 * The panel to show and a way to pick one: with several panels it moves on every `rotateSeconds`
 * (the timer starts again after a pick); a single panel stays.
 */
export function useRotation(panels: readonly WallboardPanel[], rotateSeconds: number): [WallboardPanel, (panel: WallboardPanel) => void] {
  const [current, setCurrent] = useState<WallboardPanel | null>(null);
  const shown = shownPanel(panels, current);
  const key = panels.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the panel list is compared by its key, not by its array identity
  useEffect(() => {
    if (panels.length < 2) return;
    const timer = setTimeout(() => setCurrent(panelAfter(panels, shown)), rotateSeconds * 1000);
    return () => clearTimeout(timer);
  }, [shown, key, rotateSeconds]);
  return [shown, setCurrent];
}
