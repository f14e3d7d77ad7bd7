import type { ComponentChildren } from 'preact';
import { BackIcon } from './BackIcon.tsx';

interface PageHeaderProps {
  /** Where Back goes, its visible text (from sm up) and its accessible name. */
  back: { href: string; label: string; ariaLabel: string };
  businessName: string;
  title: string;
  /** The page's content width, so the header lines up with it. */
  width: 'max-w-3xl' | 'max-w-6xl';
  /** The page's actions, on the right (below the title on a phone). */
  children?: ComponentChildren;
}

/** The header of the workspace's list pages: Back, the business name over the title, the actions. */
export function PageHeader({ back, businessName, title, width, children }: PageHeaderProps) {
  return (
    <header class="border-b border-slate-200 bg-white">
      <div class={`mx-auto flex ${width} flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6`}>
        <div class="flex min-w-0 items-center gap-3">
          <a href={back.href} class="btn btn-secondary shrink-0 px-3" aria-label={back.ariaLabel}>
            <BackIcon />
            <span class="hidden sm:inline">{back.label}</span>
          </a>
          <div class="min-w-0">
            <p class="truncate text-xs font-semibold tracking-wide text-brand-600 uppercase">{businessName}</p>
            <h1 class="text-xl font-bold text-slate-900 sm:text-2xl">{title}</h1>
          </div>
        </div>
        {children}
      </div>
    </header>
  );
}
