import { useState } from 'preact/hooks';
import type { AdminReview } from '#domain/reviews/admin.ts';
import { AdminAccessLost, adminRequest, failureText, showFailure } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';
import { reviewsLine } from './reviews-admin.ts';

interface GoogleFetchTest {
  success: boolean;
  configured: boolean;
  message?: string;
  error?: string | null;
  reviewCount?: number;
}

/** Reads Google's reviews without importing them, and says what came back. */
async function testGoogleFetch(): Promise<void> {
  try {
    const result = await adminRequest<GoogleFetchTest>('GET', '/api/admin/test-google-fetch');
    if (!result.configured) {
      showAdminToast({ title: 'Not Configured', description: result.message, variant: 'destructive' });
    } else if (result.success) {
      showAdminToast({
        title: 'Google Fetch Test Success',
        description: `Found ${result.reviewCount ?? 0} reviews from Google (not imported)`,
        variant: 'success',
      });
    } else {
      showAdminToast({ title: 'Error', description: result.error || result.message || 'The Google fetch test failed', variant: 'destructive' });
    }
  } catch (error) {
    if (error instanceof AdminAccessLost) return;
    showAdminToast({ title: 'Error', description: failureText(error, 'The Google fetch test failed'), variant: 'destructive' });
  }
}

/** Sets reviews matched to a team or request that is gone back to unmatched; `onFixed` reads the list again when any changed. */
async function fixOrphaned(onFixed: () => Promise<void>): Promise<void> {
  try {
    const result = await adminRequest<{ message?: string; fixed: number }>('POST', '/api/admin/fix-orphaned-reviews');
    showAdminToast({ title: result.message || `Fixed ${result.fixed} orphaned review(s)`, variant: 'success' });
    if (result.fixed > 0) await onFixed();
  } catch (error) {
    showFailure('Failed to fix orphaned reviews', error);
  }
}

/** The line above the reviews: how many there are, and the two maintenance actions. */
export function ReviewsToolbar({ reviews, onFixed }: { reviews: AdminReview[] | null; onFixed: () => Promise<void> }) {
  const [fetching, setFetching] = useState(false);
  const [fixing, setFixing] = useState(false);

  const runTest = async () => {
    setFetching(true);
    await testGoogleFetch();
    setFetching(false);
  };

  const runFix = async () => {
    setFixing(true);
    await fixOrphaned(onFixed);
    setFixing(false);
  };

  return (
    <div class="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p class="text-sm text-slate-600" aria-live="polite">
        {reviewsLine(reviews)}
      </p>
      <div class="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <button type="button" class="btn btn-secondary px-3 py-2" onClick={() => void runTest()} disabled={fetching}>
          {fetching ? 'Testing...' : 'Test Google Fetch'}
        </button>
        <button type="button" class="btn btn-secondary px-3 py-2" onClick={() => void runFix()} disabled={fixing}>
          {fixing ? 'Fixing...' : 'Fix Orphaned Reviews'}
        </button>
      </div>
    </div>
  );
}
