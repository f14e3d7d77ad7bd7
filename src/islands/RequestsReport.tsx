import { useEffect, useMemo, useState } from 'preact/hooks';
import { formatDateTime } from '#shared/format-date.ts';
import type { PersonFunnel } from '#domain/requests/funnel.ts';
import type { ReportRow } from '#domain/requests/queries.ts';
import { conversionPercent, groupByTeam, isMatchedStatus, requestCount, type TeamGroup } from '#shared/request-status.ts';
import type { LiveStatus } from './live/connection.ts';
import { useLiveReload } from './live/use-live-reload.ts';
import { PageHeader } from './ui/PageHeader.tsx';
import { ReviewerRating, StatusBadge, tint } from './requests/RequestBits.tsx';

interface Props {
  /** The rows the server rendered the page with; null when it could not read them. */
  initial: ReportRow[] | null;
  /** The "By person" table as the server rendered it; null when it could not read it. */
  initialPeople: PersonFunnel[] | null;
  slug: string;
  businessName: string;
  /** The workspace's IANA time zone: the "Requested" column's clock. */
  timeZone: string;
}

const DATA_URL = '/api/requests-report';
const PEOPLE_URL = '/api/requests-report?by=person';

async function read<T>(url: string): Promise<T | null> {
  const response = await fetch(url, { credentials: 'include', cache: 'no-store' });
  return response.ok ? ((await response.json()) as T) : null;
}

/** The report's rows and people, read again whenever a live data event says something changed. */
function useLiveRows(initial: ReportRow[] | null, initialPeople: PersonFunnel[] | null) {
  const [rows, setRows] = useState<ReportRow[] | null>(initial);
  const [people, setPeople] = useState<PersonFunnel[] | null>(initialPeople);
  const reload = async () => {
    try {
      const [newRows, funnel] = await Promise.all([read<ReportRow[]>(DATA_URL), read<{ people: PersonFunnel[] }>(PEOPLE_URL)]);
      if (newRows) setRows(newRows);
      if (funnel) setPeople(funnel.people);
    } catch (error) {
      console.warn('Could not refresh the requests report', error);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on mount: the server rendered the first figures, reload is new on every render
  useEffect(() => {
    if (initial === null || initialPeople === null) void reload();
  }, []);
  const status = useLiveReload(reload);
  return { rows, people, status };
}

function PlusIcon() {
  return (
    <svg viewBox="0 0 20 20" class="h-4 w-4" fill="currentColor" aria-hidden="true">
      <path d="M10.75 4.75a.75.75 0 0 0-1.5 0v4.5h-4.5a.75.75 0 0 0 0 1.5h4.5v4.5a.75.75 0 0 0 1.5 0v-4.5h4.5a.75.75 0 0 0 0-1.5h-4.5v-4.5Z" />
    </svg>
  );
}

function DownloadIcon() {
  return (
    <svg viewBox="0 0 20 20" class="h-4 w-4" fill="currentColor" aria-hidden="true">
      <path d="M10.75 2.75a.75.75 0 0 0-1.5 0v8.61L6.3 8.24a.75.75 0 1 0-1.1 1.02l4.25 4.5a.75.75 0 0 0 1.1 0l4.25-4.5a.75.75 0 0 0-1.1-1.02l-2.95 3.12V2.75Z" />
      <path d="M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z" />
    </svg>
  );
}

function Summary({ rows }: { rows: ReportRow[] }) {
  const matched = rows.filter((r) => isMatchedStatus(r.matchStatus)).length;
  const review = rows.filter((r) => r.matchStatus === 'needs_review').length;
  const pending = rows.filter((r) => r.matchStatus === 'none').length;
  const figures = [
    { label: 'Requests', value: rows.length, class: 'text-slate-900' },
    { label: 'Matched', value: matched, class: 'text-emerald-600' },
    { label: 'Needs Review', value: review, class: 'text-amber-600' },
    { label: 'Pending', value: pending, class: 'text-slate-500' },
  ];
  return (
    <dl class="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {figures.map((f) => (
        <div key={f.label} class="card px-4 py-3">
          <dt class="text-xs font-medium tracking-wide text-slate-500 uppercase">{f.label}</dt>
          <dd class={`mt-1 text-2xl font-bold tabular-nums ${f.class}`}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Per person: requests sent, links opened, requests with a matched review, and the share that got one. */
function ByPerson({ people }: { people: PersonFunnel[] }) {
  return (
    <section aria-labelledby="by-person-heading" class="card overflow-hidden" data-testid="by-person">
      <div class="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 sm:px-5">
        <h2 id="by-person-heading" class="text-base font-semibold text-slate-900">
          By person
        </h2>
        <a
          href="/api/requests-report.csv?by=person"
          download="review-requests-by-person.csv"
          class="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-600 hover:text-brand-700"
        >
          <DownloadIcon />
          CSV by person
        </a>
      </div>
      <table class="hidden w-full text-left text-sm sm:table">
        <thead class="bg-slate-50/80 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" class="px-5 py-2.5">
              Person
            </th>
            <th scope="col" class="px-4 py-2.5 text-right">
              Sent
            </th>
            <th scope="col" class="px-4 py-2.5 text-right">
              Opened
            </th>
            <th scope="col" class="px-4 py-2.5 text-right">
              Reviewed
            </th>
            <th scope="col" class="px-5 py-2.5 text-right">
              Conversion
            </th>
          </tr>
        </thead>
        <tbody class="divide-y divide-slate-100">
          {people.map((p) => {
            const conversion = conversionPercent(p);
            return (
              <tr key={p.staffId} data-testid="by-person-row">
                <th scope="row" class="px-5 py-2.5 font-medium break-words text-slate-900">
                  {p.firstName}
                </th>
                <td class="px-4 py-2.5 text-right text-slate-700 tabular-nums">{p.sent}</td>
                <td class="px-4 py-2.5 text-right text-slate-700 tabular-nums">{p.opened}</td>
                <td class="px-4 py-2.5 text-right font-semibold text-emerald-700 tabular-nums">{p.reviewed}</td>
                <td class="px-5 py-2.5 text-right text-slate-700 tabular-nums">{conversion === null ? '–' : `${conversion}%`}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {/* Phones: one line per person. */}
      <ul class="divide-y divide-slate-100 sm:hidden">
        {people.map((p) => {
          const conversion = conversionPercent(p);
          return (
            <li key={p.staffId} data-testid="by-person-card" class="px-4 py-3">
              <div class="flex items-baseline justify-between gap-3">
                <p class="min-w-0 font-semibold break-words text-slate-900">{p.firstName}</p>
                <p class="shrink-0 text-sm text-slate-600 tabular-nums">{conversion === null ? '–' : `${conversion}% converted`}</p>
              </div>
              <p class="mt-0.5 text-sm text-slate-600 tabular-nums">
                {p.sent} sent · {p.opened} opened · <span class="font-semibold text-emerald-700">{p.reviewed} reviewed</span>
              </p>
            </li>
          );
        })}
      </ul>
      <p class="border-t border-slate-100 px-4 py-2.5 text-xs text-slate-500 sm:px-5">
        Opened: the customer opened the review link, or scanned the person’s desk card without giving a name. Reviewed: a review was matched to the request.
        Conversion: reviewed out of sent.
      </p>
    </section>
  );
}

function GroupHeader({ group, headingId }: { group: TeamGroup<ReportRow>; headingId: string }) {
  return (
    <div
      class="flex items-center justify-between gap-3 border-b px-4 py-3 sm:px-5"
      style={{ backgroundColor: tint(group.color, '14'), borderColor: tint(group.color, '33'), boxShadow: `inset 4px 0 0 ${tint(group.color, 'FF')}` }}
    >
      <h2 id={headingId} class="flex min-w-0 items-center gap-2.5 text-base font-semibold text-slate-900">
        <span class="h-3 w-3 shrink-0 rounded-full ring-2 ring-white" style={{ backgroundColor: tint(group.color, 'FF') }} aria-hidden="true" />
        <span class="truncate">{group.name}</span>
      </h2>
      <span
        data-testid="group-count"
        class="shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap"
        style={{ backgroundColor: tint(group.color, '26'), color: group.color ? `color-mix(in srgb, ${group.color} 70%, #0f172a)` : '#334155' }}
      >
        {requestCount(group.rows.length)}
      </span>
    </div>
  );
}

function Group({ group, timeZone, index }: { group: TeamGroup<ReportRow>; timeZone: string; index: number }) {
  const headingId = `report-group-${index}`;
  return (
    <section aria-labelledby={headingId} data-testid="report-group" class="card overflow-hidden">
      <GroupHeader group={group} headingId={headingId} />
      {/* Desktop and tablet: a table. */}
      <table class="hidden w-full table-fixed text-left text-sm md:table">
        <colgroup>
          <col class="w-[27%]" />
          <col class="w-[15%]" />
          <col class="w-[21%]" />
          <col class="w-[17%]" />
          <col class="w-[20%]" />
        </colgroup>
        <thead class="bg-slate-50/80 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" class="px-5 py-2.5">
              Customer
            </th>
            <th scope="col" class="px-4 py-2.5">
              Team Member
            </th>
            <th scope="col" class="px-4 py-2.5">
              Requested
            </th>
            <th scope="col" class="px-4 py-2.5">
              Status
            </th>
            <th scope="col" class="px-5 py-2.5">
              Reviewer / Rating
            </th>
          </tr>
        </thead>
        <tbody class="divide-y divide-slate-100">
          {group.rows.map((row) => (
            <tr key={row.id} data-testid="report-row" class="align-middle transition-colors hover:bg-slate-50/70">
              <td class="px-5 py-3 font-medium break-words text-slate-900">{row.customerName}</td>
              <td class="px-4 py-3 break-words text-slate-700">{row.staffFirstName}</td>
              <td class="px-4 py-3 whitespace-nowrap text-slate-600 tabular-nums">
                <time dateTime={row.requestedAt}>{formatDateTime(row.requestedAt, timeZone)}</time>
              </td>
              <td class="px-4 py-3">
                <StatusBadge status={row.matchStatus} confidence={row.matchConfidence} />
              </td>
              <td class="px-5 py-3">
                <ReviewerRating status={row.matchStatus} reviewerName={row.reviewerName} rating={row.rating} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* Phones: one card per request. */}
      <ul class="divide-y divide-slate-100 md:hidden">
        {group.rows.map((row) => (
          <li key={row.id} data-testid="report-card" class="px-4 py-3.5">
            <div class="flex items-start justify-between gap-3">
              <p class="min-w-0 font-semibold break-words text-slate-900">{row.customerName}</p>
              <StatusBadge status={row.matchStatus} confidence={row.matchConfidence} />
            </div>
            <dl class="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt class="text-slate-500">Team Member</dt>
              <dd class="text-slate-800">{row.staffFirstName}</dd>
              <dt class="text-slate-500">Requested</dt>
              <dd class="text-slate-800 tabular-nums">
                <time dateTime={row.requestedAt}>{formatDateTime(row.requestedAt, timeZone)}</time>
              </dd>
              <dt class="text-slate-500">Reviewer</dt>
              <dd class="min-w-0">
                <ReviewerRating status={row.matchStatus} reviewerName={row.reviewerName} rating={row.rating} />
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

const STATUS_TEXT: Record<LiveStatus, string> = { connecting: 'Connecting…', live: 'Live', polling: 'Reconnecting…' };

/** The Review Requests Report (SPEC.md section 2): requests by team with their match status. */
export default function RequestsReport({ initial, initialPeople, slug, businessName, timeZone }: Props) {
  const { rows, people, status } = useLiveRows(initial, initialPeople);
  const groups = useMemo(() => (rows ? groupByTeam(rows, (r) => r.team) : []), [rows]);
  const logHref = `/${slug}/review-request`;

  return (
    <div class="min-h-screen">
      <PageHeader
        back={{ href: `/${slug}`, label: 'Back', ariaLabel: 'Back to the dashboard' }}
        businessName={businessName}
        title="Review Requests Report"
        width="max-w-6xl"
      >
        <div class="flex w-full items-center gap-2 sm:w-auto">
          <a href="/api/requests-report.csv" download="review-requests.csv" class="btn btn-secondary flex-1 sm:flex-none">
            <DownloadIcon />
            Download CSV
          </a>
          <a href={logHref} class="btn btn-primary flex-1 sm:flex-none">
            <PlusIcon />
            Log Request
          </a>
        </div>
      </PageHeader>

      <main class="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
        {rows === null ? (
          <p role="status" class="card p-10 text-center text-slate-500">
            Loading requests...
          </p>
        ) : rows.length === 0 ? (
          <div class="card flex flex-col items-center px-6 py-14 text-center" data-empty-state>
            <div class="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
              <svg viewBox="0 0 24 24" class="h-6 w-6" fill="none" stroke="currentColor" stroke-width="1.8" aria-hidden="true">
                <path
                  stroke-linecap="round"
                  stroke-linejoin="round"
                  d="M21.75 6.75v10.5a2.25 2.25 0 0 1-2.25 2.25h-15a2.25 2.25 0 0 1-2.25-2.25V6.75m19.5 0A2.25 2.25 0 0 0 19.5 4.5h-15a2.25 2.25 0 0 0-2.25 2.25m19.5 0v.24a2.25 2.25 0 0 1-1.07 1.92l-7.5 4.61a2.25 2.25 0 0 1-2.36 0L3.32 8.91a2.25 2.25 0 0 1-1.07-1.92V6.75"
                />
              </svg>
            </div>
            <p class="mt-4 text-lg font-semibold text-slate-900">No review requests found</p>
            <p class="mt-1 max-w-sm text-sm text-slate-600">
              Log a request while the customer is on the phone and it shows here, then turns green when their review arrives.
            </p>
            <a href={logHref} class="btn btn-primary mt-6">
              <PlusIcon />
              Log Request
            </a>
          </div>
        ) : (
          <>
            <Summary rows={rows} />
            {people && people.length > 0 && <ByPerson people={people} />}
            {groups.map((group, index) => (
              <Group key={group.id ?? 'none'} group={group} timeZone={timeZone} index={index} />
            ))}
          </>
        )}
        <p class="flex items-center justify-end gap-2 text-xs text-slate-500" aria-live="polite">
          <span class={`h-2 w-2 rounded-full ${status === 'live' ? 'bg-emerald-500' : 'bg-amber-400'}`} aria-hidden="true" />
          {STATUS_TEXT[status]} · times in {timeZone.replaceAll('_', ' ')}
        </p>
      </main>
    </div>
  );
}
