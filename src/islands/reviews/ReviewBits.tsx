import { useEffect, useRef, useState } from 'preact/hooks';
import type { TeamRef } from '#domain/reviews/queries.ts';

// Small pieces of the review lists (the reviews page, the GMB reviews page): stars, the team badge,
// the reviewer's initial or photo, the review's text, the source, and the clock relative times read.

const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.25 4.14 1 5.86L10 14.9l-5.25 2.8 1-5.86L1.5 7.7l5.9-.9L10 1.5Z';

/** 1 to 5 filled stars out of five. */
export function Stars({ rating, size = 'h-4 w-4' }: { rating: number; size?: string }) {
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span class="inline-flex shrink-0 items-center gap-0.5" role="img" aria-label={`${filled} out of 5 stars`} data-testid="stars" data-rating={filled}>
      {Array.from({ length: 5 }, (_, i) => (
        <svg key={i} viewBox="0 0 20 20" class={`${size} ${i < filled ? 'text-amber-400' : 'text-slate-200'}`} fill="currentColor" aria-hidden="true">
          <path d={STAR_PATH} />
        </svg>
      ))}
    </span>
  );
}

const HEX = /^#[0-9a-f]{6}$/i;

/** The badge's near-black text, dark enough to read on every team colour white fails on (Blue, Red, Purple). */
const DARK_TEXT = '#020617';
const DARK_TEXT_LUMINANCE = 0.0015;

/** White or near-black on a team colour, whichever contrasts more (WCAG's ratio; 12 px text needs 4.5). */
function textOn(color: string): string {
  if (!HEX.test(color)) return '#ffffff';
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16) / 255) as [number, number, number];
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  const onWhite = 1.05 / (luminance + 0.05);
  const onDark = (luminance + 0.05) / (DARK_TEXT_LUMINANCE + 0.05);
  return onDark > onWhite ? DARK_TEXT : '#ffffff';
}

/** The team's name on its colour. */
export function TeamBadge({ team }: { team: TeamRef | null }) {
  const color = team && HEX.test(team.color) ? team.color : '#6B7280';
  return (
    <span
      data-testid="team-badge"
      class="inline-flex max-w-full items-center truncate rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap shadow-sm"
      style={{ backgroundColor: color, color: textOn(color) }}
    >
      {team?.name ?? 'No team'}
    </span>
  );
}

const AVATAR_CLASSES = 'flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded-full';

/** A round initial, tinted with the team colour. */
export function Avatar({ name, color }: { name: string | null; color?: string }) {
  const initial = name?.trim().charAt(0).toUpperCase() || '?';
  const tone = color && HEX.test(color) ? color : '#64748B';
  return (
    <span
      aria-hidden="true"
      class={`${AVATAR_CLASSES} text-base font-bold`}
      style={{ backgroundColor: `${tone}1F`, color: `color-mix(in srgb, ${tone} 75%, #0f172a)` }}
    >
      {initial}
    </span>
  );
}

/** The reviewer's profile photo, or a default person icon when there is none or it does not load. */
export function ReviewerPhoto({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new photo address resets the image state
  useEffect(() => {
    // A server-rendered image may have failed before the island hydrated and could hear it.
    const current = img.current;
    setFailed(Boolean(current?.complete && current.naturalWidth === 0));
  }, [url]);
  if (url && !failed) {
    // Google's photo host refuses some requests that carry a referrer.
    return (
      <img
        ref={img}
        src={url}
        alt=""
        width={40}
        height={40}
        loading="lazy"
        referrerpolicy="no-referrer"
        class={`${AVATAR_CLASSES} bg-slate-100 object-cover`}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span aria-hidden="true" data-testid="default-avatar" class={`${AVATAR_CLASSES} bg-slate-100 text-slate-400`}>
      <svg viewBox="0 0 20 20" class="h-6 w-6" fill="currentColor" aria-hidden="true">
        <path d="M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 1 1 14 0 .75.75 0 0 1-.75.75H3.75A.75.75 0 0 1 3 18Z" />
      </svg>
    </span>
  );
}

/** A review's text, or a quiet "No comment" for a rating-only review. */
export function ReviewText({ text }: { text: string | null }) {
  return text?.trim() ? (
    <p class="text-sm leading-relaxed break-words whitespace-pre-line text-slate-700">{text}</p>
  ) : (
    <p class="text-sm text-slate-400 italic">No comment</p>
  );
}

/** The clock relative times read: the server's at hydration (so they hydrate as rendered), then ticking once a minute. */
export function useMinuteClock(renderedAt: number): number {
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Where the review came from: Google, or the CRM (a review action); "test" for the admin's tries. */
export function sourceLabel(review: { kind: 'google' | 'action'; source: string }): string {
  const base = review.kind === 'google' ? 'Google' : 'CRM';
  return review.source === 'test' ? `${base} · test` : base;
}

export function ExternalIcon() {
  return (
    <svg viewBox="0 0 20 20" class="h-4 w-4" fill="currentColor" aria-hidden="true">
      <path d="M11 3a1 1 0 1 0 0 2h2.59l-6.3 6.29a1 1 0 1 0 1.42 1.42L15 6.41V9a1 1 0 1 0 2 0V4a1 1 0 0 0-1-1h-5Z" />
      <path d="M5 5a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-3a1 1 0 1 0-2 0v3H5V7h3a1 1 0 0 0 0-2H5Z" />
    </svg>
  );
}
