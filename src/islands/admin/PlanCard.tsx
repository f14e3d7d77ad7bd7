import { useEffect, useState } from 'preact/hooks';
import { PLAN_CATALOGUE, PLAN_ENTRIES, PRICE_NOTE, planActionLabel, priceText, trialText } from '#shared/plan-catalogue.ts';
import type { Plan, PlanLimits, TrialPlan } from '#shared/plans.ts';
import { AdminCard, Loaded } from './AdminCard.tsx';
import { adminRequest, showFailure } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';
import { useAdminData } from './use-admin-data.ts';
import { CheckIcon } from '../ui/CheckIcon.tsx';

// Plan & billing (issue 12): the plan in force and its trial, every plan with what it includes and
// its price (the landing page's), and the way to change plan: Stripe Checkout and the Billing Portal
// when the server has billing set up, plain words for the owner when it has not (the operator's
// steps are in README.md). Back from Checkout (?billing=success or ?billing=cancelled), a toast.

interface PlanAnswer {
  plan: Plan;
  trialEndsAt: string | null;
  limits: PlanLimits;
  billing?: { configured: boolean; hasSubscription: boolean; hasCustomer?: boolean; plans?: TrialPlan[] };
}

const RETURN_PARAM = 'billing';
const PLANS_RANK: Record<Plan, number> = { free: 0, starter: 1, team: 2, agency: 3 };
/** The webhook usually lands within seconds of the return from Checkout: read the plan again then. */
const RELOAD_AFTER_PAYMENT_MS = [3000, 8000];

function returnToast(value: string | null) {
  if (value === 'success') {
    return {
      title: 'Payment received',
      description: 'Thank you. Your new plan starts as soon as Stripe confirms the payment, usually within a few seconds.',
      variant: 'success' as const,
    };
  }
  if (value === 'cancelled') return { title: 'Checkout cancelled', description: 'Nothing was charged and your plan has not changed.' };
  return null;
}

function TrialBadge({ text }: { text: string }) {
  const ended = text === 'Trial ended';
  return (
    <span
      data-testid="plan-trial"
      class={`inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${
        ended ? 'bg-slate-100 text-slate-600 ring-slate-500/20' : 'bg-amber-50 text-amber-800 ring-amber-600/25'
      }`}
    >
      {text}
    </span>
  );
}

function CrossIcon() {
  return (
    <svg viewBox="0 0 20 20" class="mt-0.5 h-4 w-4 shrink-0 text-slate-400" fill="currentColor" aria-hidden="true">
      <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.58l3.3-3.3a1 1 0 1 1 1.4 1.42L11.42 10l3.3 3.3a1 1 0 0 1-1.42 1.4L10 11.42l-3.3 3.3a1 1 0 0 1-1.4-1.42L8.58 10l-3.3-3.3a1 1 0 0 1 0-1.4Z" />
    </svg>
  );
}

export default function PlanCard() {
  const { data, loadFailed, load } = useAdminData(() => adminRequest<PlanAnswer>('GET', '/api/admin/plan'));
  const [opening, setOpening] = useState<TrialPlan | 'portal' | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once on mount: load is new on every render
  useEffect(() => {
    const url = new URL(window.location.href);
    const toast = returnToast(url.searchParams.get(RETURN_PARAM));
    if (!toast) return;
    showAdminToast(toast);
    url.searchParams.delete(RETURN_PARAM);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    if (toast.variant !== 'success') return;
    const timers = RELOAD_AFTER_PAYMENT_MS.map((ms) => setTimeout(() => void load(), ms));
    return () => timers.forEach(clearTimeout);
  }, []);

  useEffect(() => {
    // Back from Stripe through the Back button: the page is restored as it was left, mid-"Opening...".
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setOpening(null);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const open = async (what: TrialPlan | 'portal') => {
    setOpening(what);
    try {
      const { url } =
        what === 'portal'
          ? await adminRequest<{ url: string }>('POST', '/api/admin/billing/portal')
          : await adminRequest<{ url: string }>('POST', '/api/admin/billing/checkout', { plan: what });
      window.location.assign(url);
    } catch (error) {
      setOpening(null);
      showFailure(what === 'portal' ? 'Could not open billing' : 'Could not start the payment', error);
    }
  };

  const billing = data?.billing ?? { configured: false, hasSubscription: false, plans: [] };
  const trial = data ? trialText(data.trialEndsAt) : null;
  const trialEnded = trial === 'Trial ended';
  const canBuy = billing.configured && !billing.hasSubscription;
  const buyable = new Set(billing.plans ?? []);

  return (
    <AdminCard
      title="Plan & billing"
      description="Your plan, what each plan includes, and how to change it."
      class="lg:col-span-2"
      actions={trial && <TrialBadge text={trial} />}
    >
      <Loaded
        data={data}
        loadFailed={loadFailed}
        onRetry={() => void load()}
        errorMessage="Your plan could not be loaded."
        loadingLabel="Loading your plan..."
        rows={3}
      >
        {(data) => (
          <div class="space-y-5">
            <div class="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-slate-200 bg-slate-50/60 p-4">
              <div>
                <p class="text-xs font-semibold tracking-wide text-slate-500 uppercase">Current plan</p>
                <p class="mt-0.5 text-2xl font-bold text-slate-900" data-testid="plan-current">
                  {PLAN_CATALOGUE[data.plan].name}
                </p>
                <p class="mt-1 text-sm text-slate-600">
                  {trialEnded
                    ? 'Your trial has ended, so you are on the Free plan. Everything you set up is kept and comes back when you upgrade.'
                    : trial
                      ? `You are trying the ${PLAN_CATALOGUE[data.plan].name} plan for free. Choose a plan before the trial ends to keep everything working.`
                      : billing.hasSubscription
                        ? 'Paid through Stripe. Change or cancel it under Manage billing.'
                        : data.plan === 'free'
                          ? 'The Free plan cannot log review requests or connect Google.'
                          : 'This plan was set for you by whoever runs this server.'}
                </p>
              </div>
              {billing.configured && billing.hasCustomer && (
                <button type="button" class="btn btn-secondary" disabled={opening !== null} onClick={() => void open('portal')}>
                  {opening === 'portal' ? 'Opening billing...' : 'Manage billing'}
                </button>
              )}
            </div>

            <div class="overflow-hidden sm:rounded-xl sm:border sm:border-slate-200">
              <table class="block w-full text-left text-sm sm:table">
                <caption class="sr-only">Plans, what they include and their prices</caption>
                <thead class="hidden bg-slate-50/80 text-xs font-semibold tracking-wide text-slate-500 uppercase sm:table-header-group">
                  <tr>
                    <th scope="col" class="px-4 py-2">
                      Plan
                    </th>
                    <th scope="col" class="px-3 py-2">
                      Includes
                    </th>
                    <th scope="col" class="px-3 py-2">
                      Price
                    </th>
                    {canBuy && (
                      <th scope="col" class="px-4 py-2 text-right">
                        <span class="sr-only">Change plan</span>
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody class="block space-y-3 sm:table-row-group sm:space-y-0 sm:divide-y sm:divide-slate-200">
                  {PLAN_ENTRIES.map((entry) => {
                    const current = entry.plan === data.plan;
                    const sold = canBuy && entry.plan !== 'free' && buyable.has(entry.plan as TrialPlan);
                    // The plan on trial can be bought to keep it; the plan already paid for cannot be bought again.
                    const offer = sold && !(current && !trial);
                    return (
                      <tr
                        key={entry.plan}
                        data-testid={`plan-row-${entry.plan}`}
                        aria-current={current ? 'true' : undefined}
                        class={`align-top max-sm:block max-sm:rounded-xl max-sm:border max-sm:p-4 sm:table-row ${
                          current ? 'bg-brand-50/60 max-sm:border-brand-600 max-sm:ring-1 max-sm:ring-brand-600' : 'max-sm:border-slate-200'
                        }`}
                      >
                        <th scope="row" class="block font-semibold text-slate-900 sm:table-cell sm:px-4 sm:py-3">
                          <span class="flex flex-wrap items-center gap-2">
                            {entry.name}
                            {current && <span class="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">Current</span>}
                          </span>
                        </th>
                        <td class="mt-2 block sm:mt-0 sm:table-cell sm:px-3 sm:py-3">
                          <ul class="grid gap-1 text-slate-700 sm:grid-cols-2 sm:gap-x-4">
                            {entry.includes.map((line) => (
                              <li key={line} class="flex gap-2">
                                {line.startsWith('No ') ? <CrossIcon /> : <CheckIcon />}
                                <span>{line}</span>
                              </li>
                            ))}
                          </ul>
                        </td>
                        <td
                          class="mt-3 block font-semibold whitespace-nowrap text-slate-900 tabular-nums sm:mt-0 sm:table-cell sm:px-3 sm:py-3"
                          data-testid={`plan-price-${entry.plan}`}
                        >
                          {priceText(entry)}
                        </td>
                        {canBuy && (
                          <td class={`${offer ? 'mt-3 block' : 'hidden'} sm:table-cell sm:px-4 sm:py-3 sm:text-right`}>
                            {offer && (
                              <button
                                type="button"
                                class={`btn w-full whitespace-nowrap sm:w-auto ${PLANS_RANK[entry.plan] > PLANS_RANK[data.plan] || current ? 'btn-primary' : 'btn-secondary'}`}
                                disabled={opening !== null}
                                onClick={() => void open(entry.plan as TrialPlan)}
                              >
                                {opening === entry.plan ? 'Opening checkout...' : planActionLabel(data.plan, entry.plan)}
                              </button>
                            )}
                          </td>
                        )}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <p class="text-xs text-slate-500">{PRICE_NOTE}</p>

            {!billing.configured && (
              <div data-testid="plan-no-billing" class="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
                <p class="font-semibold">Changing your plan</p>
                <p class="mt-1 opacity-90">Online payment is not set up on this server. Ask whoever runs it to change your plan.</p>
              </div>
            )}
          </div>
        )}
      </Loaded>
    </AdminCard>
  );
}
