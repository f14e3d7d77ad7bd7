import type { ComponentChildren } from 'preact';

/** A button-looking link for a full-page navigation; looks and acts disabled while other work runs. */
export function NavButton(props: { href: string; variant: 'primary' | 'secondary'; disabled?: boolean; onClick?: () => void; children: ComponentChildren }) {
  return (
    <a
      href={props.disabled ? undefined : props.href}
      role={props.disabled ? 'link' : undefined}
      aria-disabled={props.disabled ? 'true' : undefined}
      class={`btn btn-${props.variant} ${props.disabled ? 'pointer-events-none opacity-60' : ''}`}
      onClick={props.onClick}
    >
      {props.children}
    </a>
  );
}
