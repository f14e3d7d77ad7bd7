import { useEffect, useRef, useState } from 'preact/hooks';

/** A logged request whose email did not go (yet): the customer's link to send by hand. */
export interface UnsentEmail {
  customerName: string;
  link: string;
  status: string;
  /** The email will not go by itself: the note comes into view with the focus on its Copy link button. */
  needsCopying: boolean;
}

const UNSENT_HEADLINES: Record<string, string> = {
  'not sent: no SMTP': 'The email was not sent: this workspace does not send email.',
  retrying: 'The email could not be sent yet. It will be tried again automatically.',
  pending: 'The email is queued and will go out shortly.',
};

/** Honest delivery: when the email did not go, staff get the customer's link at once to send themselves. */
export function UnsentEmailNote({ unsent }: { unsent: UnsentEmail }) {
  const [copied, setCopied] = useState(false);
  const note = useRef<HTMLDivElement>(null);
  const copyButton = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per logged request, whose link is new
  useEffect(() => {
    setCopied(false);
    if (!unsent.needsCopying) return;
    note.current?.scrollIntoView({ block: 'center' });
    copyButton.current?.focus({ preventScroll: true });
  }, [unsent.link]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(unsent.link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div ref={note} role="status" class="scroll-mt-24 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950" data-testid="unsent-email">
      <p class="font-semibold">{UNSENT_HEADLINES[unsent.status] ?? 'The email could not be sent.'}</p>
      <p class="mt-1">
        {unsent.status === 'retrying' || unsent.status === 'pending' ? 'If it is urgent, copy' : 'Copy'} {unsent.customerName}'s review link and send it by text
        message or from your own email:
      </p>
      <div class="mt-3 flex flex-col gap-2 sm:flex-row">
        <input class="input font-mono text-xs" readOnly value={unsent.link} aria-label="Customer's review link" onFocus={(e) => e.currentTarget.select()} />
        <button ref={copyButton} type="button" class="btn btn-secondary shrink-0" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy link'}
        </button>
      </div>
    </div>
  );
}
