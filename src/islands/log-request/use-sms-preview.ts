import { useEffect, useState } from 'preact/hooks';
import type { SmsPreview } from './SmsPreview.tsx';

/**
 * The text's preview, loaded the first time a text is chosen: most workspaces ask by email only, and
 * the log page keeps to its script budget (tests/e2e/log-request.test.ts) without it.
 */
export function useSmsPreview(wanted: boolean): typeof SmsPreview | null {
  const [preview, setPreview] = useState<typeof SmsPreview | null>(null);
  useEffect(() => {
    if (!wanted || preview) return;
    let live = true;
    void import('./SmsPreview.tsx').then((loaded) => {
      if (live) setPreview(() => loaded.SmsPreview);
    });
    return () => {
      live = false;
    };
  }, [wanted, preview]);
  return preview;
}
