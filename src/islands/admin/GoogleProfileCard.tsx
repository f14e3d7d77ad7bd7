import { gmbCardState } from '../gmb/google-profile.ts';
import { AdminCard, Loaded } from './AdminCard.tsx';
import { GoogleConnectionView } from './GoogleConnectionView.tsx';
import { GoogleStatusBadge } from './GoogleStatusBadge.tsx';
import { useGoogleStatus } from './use-google-status.ts';
import { useGoogleWork } from './use-google-work.ts';

// Google My Business Profile (SPEC.md section 2): connect through Google's consent screen, find the
// account and location (or type their IDs), sync now, reconnect, disconnect. The card also answers
// the return from the consent screen (?gmb_connected=true or ?gmb_error=...) with a toast.

interface Props {
  slug: string;
  /** The workspace's time zone, for the last sync's time. */
  timeZone: string;
  /** Where Google sends the owner back after consent: what the server's operator registers with Google. */
  googleReturnAddress?: string;
}

/** The Google My Business Profile card of the admin panel, in every state of its connection. */
export default function GoogleProfileCard({ slug, timeZone, googleReturnAddress }: Props) {
  const { status, loadFailed, load, body } = useGoogleStatus();
  const actions = useGoogleWork(load);
  const state = status ? gmbCardState(status) : null;

  return (
    <AdminCard
      title="Google My Business Profile"
      description="Import your Google reviews and match them to your team's requests."
      class={state === 'upgrade' ? 'opacity-60' : ''}
      actions={state && <GoogleStatusBadge state={state} />}
    >
      <div ref={body}>
        <Loaded
          data={status}
          loadFailed={loadFailed}
          onRetry={() => void load()}
          errorMessage="The Google connection could not be loaded."
          loadingLabel="Loading the Google connection..."
          rows={2}
        >
          {(known) => (
            <GoogleConnectionView
              status={known}
              state={gmbCardState(known)}
              slug={slug}
              timeZone={timeZone}
              googleReturnAddress={googleReturnAddress}
              actions={actions}
              onIdsSaved={() => void load()}
            />
          )}
        </Loaded>
      </div>
    </AdminCard>
  );
}
