import { useEffect, useRef, useState } from 'preact/hooks';
import { showAdminToast } from './admin-toast.ts';

/**
 * Copying a URL, key or secret shown in `box`: "Copied" for two seconds, or, where the browser
 * refuses the clipboard, the text selected for the person to copy by hand.
 */
export function useCopy(what: string) {
  const box = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      const selection = window.getSelection();
      if (box.current && selection) {
        const range = document.createRange();
        range.selectNodeContents(box.current);
        selection.removeAllRanges();
        selection.addRange(range);
      }
      showAdminToast({ title: 'Copy failed', description: `The ${what} is selected: copy it with Ctrl+C or ⌘C.`, variant: 'destructive' });
    }
  };
  return { box, copied, setCopied, copy };
}
