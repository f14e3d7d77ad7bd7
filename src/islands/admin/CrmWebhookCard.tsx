import { useState } from 'preact/hooks';
import { AdminCard, Loaded } from './AdminCard.tsx';
import CrmDeliveryLog from './CrmDeliveryLog.tsx';
import { adminRequest, showFailure } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';
import { useAdminData } from './use-admin-data.ts';
import { useCopy } from './use-copy.ts';

const ROTATE_CONFIRM = 'Rotate the webhook URL? The current URL stops working at once: paste the new one into your HighLevel workflow.';

/** The workspace's CRM (HighLevel) webhook address: copy it, or rotate it when it may have leaked. */
export default function CrmWebhookCard({ timeZone = 'UTC' }: { timeZone?: string }) {
  const { data: url, setData: setUrl, loadFailed, load } = useAdminData(async () => (await adminRequest<{ url: string }>('GET', '/api/admin/crm-webhook')).url);
  const [rotating, setRotating] = useState(false);
  const { box, copied, setCopied, copy } = useCopy('URL');

  const rotate = async () => {
    if (!window.confirm(ROTATE_CONFIRM)) return;
    setRotating(true);
    try {
      setUrl((await adminRequest<{ url: string }>('POST', '/api/admin/crm-webhook/rotate')).url);
      setCopied(false);
      showAdminToast({ title: 'Webhook URL rotated', description: 'The old URL no longer works. Update it in HighLevel.', variant: 'success' });
    } catch (error) {
      showFailure('Failed to rotate the webhook URL', error);
    } finally {
      setRotating(false);
    }
  };

  return (
    <AdminCard title="CRM Webhook" description="Reviews your CRM (HighLevel) posts to this address are matched and counted like Google reviews.">
      <Loaded
        data={url}
        loadFailed={loadFailed}
        onRetry={() => void load()}
        errorMessage="The webhook URL could not be loaded."
        loadingLabel="Loading the webhook URL..."
        rows={1}
      >
        {(url) => (
          <div class="space-y-4">
            <div>
              <p id="crm-webhook-url-label" class="label">
                Webhook URL
              </p>
              <div class="flex items-start gap-2">
                {/* The whole URL in view, broken anywhere (a one-line field would cut it off on a phone); a click selects all of it. */}
                <code
                  id="crm-webhook-url"
                  ref={box}
                  class="block min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2.5 font-mono text-xs break-all text-slate-900 select-all"
                >
                  {url}
                </code>
                <button type="button" class="btn btn-secondary shrink-0" onClick={() => url && void copy(url)} aria-live="polite">
                  {copied ? 'Copied' : 'Copy'}
                </button>
              </div>
              <p class="mt-1.5 text-xs text-slate-500">Keep it private: anyone with this URL can post reviews to your dashboard.</p>
            </div>
            <div class="rounded-xl border border-slate-200 bg-slate-50/60 p-4 text-sm text-slate-700">
              <p class="font-semibold text-slate-900">Set it up in HighLevel</p>
              <p class="mt-1">
                Automation › Workflows: trigger <strong>Review Received</strong>, then a <strong>Webhook</strong> action (POST) to this URL.
              </p>
              <p class="mt-1">
                Under Custom Data send <code class="text-xs">reviewId</code>, <code class="text-xs">reviewerName</code>, <code class="text-xs">rating</code>,{' '}
                <code class="text-xs">reviewText</code>, <code class="text-xs">createdAt</code> and <code class="text-xs">reviewUrl</code>, each set from the
                trigger's review fields. Save, publish, and use <strong>Test Workflow</strong>: the review appears on the wallboard at once.
              </p>
            </div>
            <div class="flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
              <p class="text-xs text-slate-500">Shared it by mistake? Rotate it: the old URL stops working at once.</p>
              <button type="button" class="btn btn-secondary shrink-0 text-red-600 hover:bg-red-50" onClick={() => void rotate()} disabled={rotating}>
                {rotating ? 'Rotating...' : 'Rotate URL'}
              </button>
            </div>
            <CrmDeliveryLog timeZone={timeZone} />
          </div>
        )}
      </Loaded>
    </AdminCard>
  );
}
