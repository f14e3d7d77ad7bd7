import type { ComponentChildren } from 'preact';

/** A link into the workspace on a signed-in wallboard; plain text on kiosk and demo screens. */
export function MaybeLink({ href, class: className, children }: { href?: string; class?: string; children: ComponentChildren }) {
  return href ? (
    <a href={href} class={`${className ?? ''} rounded-2xl transition hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-white`}>
      {children}
    </a>
  ) : (
    <div class={className}>{children}</div>
  );
}
