import { useEffect, useState } from 'preact/hooks';
import type { AdminReview } from '#domain/reviews/admin.ts';
import { AdminAccessLost, adminRequest } from './admin-api.ts';
import type { UnmatchedInvite } from './reviews-admin.ts';

/**
 * The requests a review can be reassigned to, read afresh each time a review is opened (another
 * review may have taken one since): null while they load, `loadFailed` when the read failed.
 */
export function useUnmatchedInvites(review: AdminReview | null) {
  const [invites, setInvites] = useState<UnmatchedInvite[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  const load = async () => {
    setLoadFailed(false);
    setInvites(null);
    try {
      setInvites(await adminRequest<UnmatchedInvite[]>('GET', '/api/unmatched-invites'));
    } catch (error) {
      if (!(error instanceof AdminAccessLost)) setLoadFailed(true);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again for each review opened; load reads it itself
  useEffect(() => {
    if (review) void load();
  }, [review]);

  return { invites, loadFailed, load };
}
