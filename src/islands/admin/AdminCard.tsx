import type { ComponentChildren } from 'preact';
import { adminCardId } from '#shared/admin-sections.ts';

interface AdminCardProps {
  title: string;
  description?: string;
  /** Extra classes for the card (for example `lg:col-span-2` for a wide one). */
  class?: string;
  actions?: ComponentChildren;
  children: ComponentChildren;
}

/**
 * The frame of every admin card: a titled region under its section's heading (h2), its title an h3
 * whose id is the card's deep link (/{slug}/admin#card-..., src/shared/admin-sections.ts).
 */
export function AdminCard({ title, description, class: extra = '', actions, children }: AdminCardProps) {
  const id = adminCardId(title);
  return (
    <section aria-labelledby={id} class={`card flex flex-col p-5 sm:p-6 ${extra}`}>
      {/* The actions sit beside the title, or under it when both do not fit (a phone). */}
      <div class="flex flex-wrap items-start justify-between gap-3">
        <div class="min-w-0 flex-1 basis-60">
          <h3 id={id} class="text-lg font-semibold text-slate-900">
            {title}
          </h3>
          {description && <p class="mt-1 text-sm text-slate-600">{description}</p>}
        </div>
        {actions}
      </div>
      <div class="mt-5 flex-1">{children}</div>
    </section>
  );
}

/** A row of grey bars shown while a card's data loads. */
function LoadingRows({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-live="polite" class="space-y-3">
      <span class="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} aria-hidden="true" class="h-10 animate-pulse rounded-lg bg-slate-100" />
      ))}
    </div>
  );
}

/** What a card shows when its data could not be loaded, with a way to try again. */
function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div class="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p>{message}</p>
      <button type="button" class="btn btn-secondary mt-3" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** What a card says when its list is empty. */
export function EmptyNote({ children }: { children: ComponentChildren }) {
  return (
    <p class="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500" data-empty-state>
      {children}
    </p>
  );
}

interface LoadedProps<T> {
  /** The card's data: null until the first answer. */
  data: T | null;
  /** The last read failed: with no data to show, the card says so and offers a retry. */
  loadFailed: boolean;
  onRetry: () => void;
  /** What the error says, e.g. "The teams could not be loaded." */
  errorMessage: string;
  /** What a screen reader hears while the data loads. */
  loadingLabel: string;
  /** How many grey bars stand for the data while it loads. */
  rows?: number;
  /** Shown instead of the content when the data is an empty list. */
  empty?: ComponentChildren;
  children: (data: T) => ComponentChildren;
}

/** A card's data in its states: loading, failed with a retry, an empty list, or the content. */
export function Loaded<T>({ data, loadFailed, onRetry, errorMessage, loadingLabel, rows, empty, children }: LoadedProps<T>) {
  if (data === null) return loadFailed ? <LoadError message={errorMessage} onRetry={onRetry} /> : <LoadingRows label={loadingLabel} rows={rows} />;
  if (empty !== undefined && Array.isArray(data) && data.length === 0) return <>{empty}</>;
  return <>{children(data)}</>;
}

/** A card's Refresh action: disabled while loading, "Refreshing..." when data is already shown. */
export function RefreshButton({ onClick, refreshing, loaded }: { onClick: () => void; refreshing: boolean; loaded: boolean }) {
  return (
    <button type="button" class="btn btn-secondary shrink-0 px-3 py-1.5" onClick={onClick} disabled={refreshing}>
      {refreshing && loaded ? 'Refreshing...' : 'Refresh'}
    </button>
  );
}
