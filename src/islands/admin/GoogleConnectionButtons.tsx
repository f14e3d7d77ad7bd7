import { GMB_URLS, type GmbCardState } from '../gmb/google-profile.ts';
import { GoogleIcon } from './GoogleIcon.tsx';
import { NavButton } from './NavButton.tsx';
import type { GoogleWork } from './use-google-work.ts';

/** Connect (or Reconnect, once a connection was made): off to Google's consent screen. */
export function ConnectButton({ state, variant, actions }: { state: GmbCardState; variant: 'primary' | 'secondary'; actions: GoogleWork }) {
  const { work, connect } = actions;
  const label = state === 'broken' || state === 'incomplete' || state === 'ready' ? 'Reconnect' : 'Connect Google Account';
  return (
    // Its own click must keep the href: the re-render runs before the browser follows the link.
    <NavButton href={GMB_URLS.connect} variant={variant} disabled={work !== null && work !== 'connect'} onClick={connect}>
      {variant === 'primary' && (
        <span class="flex h-5 w-5 items-center justify-center rounded-full bg-white">
          <GoogleIcon />
        </span>
      )}
      {work === 'connect' ? 'Opening Google...' : label}
    </NavButton>
  );
}

/** Like the webhook card's Rotate URL: the destructive action apart, under a line, with what it means. */
export function DisconnectFooter({ state, pushed, actions }: { state: GmbCardState; pushed: boolean; actions: GoogleWork }) {
  const { work, disconnect } = actions;
  return (
    <div class="flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
      <p class="text-xs text-slate-500">
        {state === 'ready' ? `Reviews sync by themselves ${pushed ? 'every hour, besides Google’s instant notifications' : 'every 15 minutes'}. ` : ''}
        Disconnecting keeps the reviews already imported.
      </p>
      <button type="button" class="btn btn-secondary shrink-0 text-red-600 hover:bg-red-50" disabled={work !== null} onClick={() => void disconnect()}>
        {work === 'disconnect' ? 'Disconnecting...' : 'Disconnect'}
      </button>
    </div>
  );
}
