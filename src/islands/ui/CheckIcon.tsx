/** The ticked item of a list of what a plan or a connection gives. */
export function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" class="mt-0.5 h-4 w-4 shrink-0 text-brand-600" fill="currentColor" aria-hidden="true">
      <path
        fill-rule="evenodd"
        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
        clip-rule="evenodd"
      />
    </svg>
  );
}
