import { type GmbCardState, type GoogleStatus, pushOn } from '../gmb/google-profile.ts';
import { GoogleBenefits } from './GoogleBenefits.tsx';
import { ConnectButton, DisconnectFooter } from './GoogleConnectionButtons.tsx';
import { GoogleConnectionDetails } from './GoogleConnectionDetails.tsx';
import { GoogleManualIds } from './GoogleManualIds.tsx';
import { NavButton } from './NavButton.tsx';
import { GoogleNotice } from './GoogleNotice.tsx';
import type { GoogleWork } from './use-google-work.ts';

interface Props {
  status: GoogleStatus;
  state: GmbCardState;
  slug: string;
  timeZone: string;
  googleReturnAddress?: string;
  actions: GoogleWork;
  /** Reads the status again (after the IDs were typed in). */
  onIdsSaved: () => void;
}

function UpgradeNote() {
  return (
    <div data-testid="gmb-upgrade" class="space-y-4 select-none">
      <p class="text-sm font-medium text-slate-700">Your plan does not include the Google connection. Upgrade to a paid plan to use it.</p>
      <div inert class="pointer-events-none space-y-4">
        <GoogleBenefits />
        <button type="button" class="btn btn-primary" disabled>
          Upgrade Required
        </button>
      </div>
    </div>
  );
}

function UnconfiguredNote({ googleReturnAddress }: { googleReturnAddress?: string }) {
  return (
    <GoogleNotice tone="slate" title="Google sign-in is not set up on this server">
      <p>Ask whoever runs the server to set up Google sign-in for it. Once they have, a Connect Google Account button appears here.</p>
      {googleReturnAddress && (
        <p>
          They will need the address Google sends you back to after you sign in:
          <code class="mt-1 block text-xs break-all">{googleReturnAddress}</code>
        </p>
      )}
    </GoogleNotice>
  );
}

function BrokenConnection({ status, state, timeZone, actions }: Props) {
  return (
    <div class="space-y-4">
      <GoogleNotice tone="red" title="Google no longer accepts this connection">
        <p>
          Google refused the saved sign-in: it was revoked, unused for six months, or made while the Google app was in testing. No reviews sync until you
          reconnect; those already imported are kept.
        </p>
      </GoogleNotice>
      <GoogleConnectionDetails status={status} timeZone={timeZone} withSync />
      <div>
        <ConnectButton state={state} variant="primary" actions={actions} />
      </div>
      <DisconnectFooter state={state} pushed={pushOn(status.push)} actions={actions} />
    </div>
  );
}

/** Connected: ready to sync, or still without the account and location to read from (`incomplete`). */
function LiveConnection({ status, state, slug, timeZone, actions, onIdsSaved }: Props) {
  const { work, discover, poll } = actions;
  const busy = work !== null;
  return (
    <div class="space-y-4">
      {state === 'incomplete' && (
        <>
          <GoogleNotice tone="amber" title="Setup Incomplete">
            <p>
              Google is connected, but the business account and location to read reviews from are not known yet. A new Google Cloud project is often blocked
              until Google approves its quota: try again, or enter the IDs by hand.
            </p>
            <button type="button" class="btn btn-secondary" disabled={busy} onClick={() => void discover()}>
              {work === 'discover' ? 'Discovering...' : 'Try Auto-Discover One More Time'}
            </button>
          </GoogleNotice>
          <GoogleManualIds status={status} onSaved={onIdsSaved} />
        </>
      )}
      <GoogleConnectionDetails status={status} timeZone={timeZone} withSync={state === 'ready'} />
      <div class="flex flex-wrap items-center gap-2">
        <NavButton href={`/${slug}/gmb-reviews`} variant="primary" disabled={busy}>
          View Google Reviews
        </NavButton>
        {state === 'ready' && (
          <button type="button" class="btn btn-secondary" disabled={busy} onClick={() => void poll()}>
            {work === 'poll' ? 'Polling...' : 'Poll Now'}
          </button>
        )}
        <ConnectButton state={state} variant="secondary" actions={actions} />
      </div>
      <DisconnectFooter state={state} pushed={pushOn(status.push)} actions={actions} />
    </div>
  );
}

/** The card's body for a known status, in each state of the connection. */
export function GoogleConnectionView(props: Props) {
  switch (props.state) {
    case 'upgrade':
      return <UpgradeNote />;
    case 'unconfigured':
      return <UnconfiguredNote googleReturnAddress={props.googleReturnAddress} />;
    case 'disconnected':
      return (
        <div class="space-y-5">
          <GoogleBenefits />
          <div>
            <ConnectButton state={props.state} variant="primary" actions={props.actions} />
          </div>
        </div>
      );
    case 'broken':
      return <BrokenConnection {...props} />;
    default:
      return <LiveConnection {...props} />;
  }
}
