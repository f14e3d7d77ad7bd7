import { useRef, useState } from 'preact/hooks';
import { type FieldErrors, logRequestFormErrors } from '#shared/rules.ts';
import { ApiError, apiRequest } from '../api.ts';
import type { ToastMessage } from '../ui/toast.tsx';
import { clearedDraft } from './fill.ts';
import {
  type ErrorKey,
  emailNotSent,
  formFor,
  interactionDateError,
  type LoggedAnswer,
  loggedToast,
  ORDER,
  REFRESH_AFTER_LOGGING,
  requestPayload,
  staffOf,
} from './log-request-form.ts';
import type { EditorHandle } from './quill-editor.ts';
import { rememberStaff } from './staff-cookies.ts';
import type { UnsentEmail } from './UnsentEmailNote.tsx';
import type { RequestFormState } from './use-request-form.ts';

interface LoggedRequest {
  request: LoggedAnswer;
}

const textTime = (iso: string) => new Date(iso).toLocaleString(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });

/**
 * Logging the request: the errors first (the first field with one takes the focus), then the POST.
 * Once logged, the staff fields are remembered and kept, the rest empties, and an email that did not
 * go shows its link (`unsent`), at the top of the form, in view and with the focus when the email will
 * not go by itself. `rememberedEmail` is the staff email the follow-ups are for.
 */
export function useLogSubmit(
  state: RequestFormState,
  { locked, initialEmail, show }: { locked: boolean; initialEmail: string; show: (toast: ToastMessage) => void },
) {
  const [busy, setBusy] = useState(false);
  const [unsent, setUnsent] = useState<UnsentEmail | null>(null);
  const [rememberedEmail, setRememberedEmail] = useState(initialEmail);
  const editor = useRef<EditorHandle | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { form, interactionDate, draft, today } = state;

  const focusField = (key: ErrorKey) => {
    if (key === 'customEmailContent') editor.current?.focus();
    else formRef.current?.querySelector<HTMLElement>(`#${key === 'customEmailSubject' ? 'subject' : key}`)?.focus();
  };

  const logged = ({ request }: LoggedRequest) => {
    const staff = staffOf(form);
    rememberStaff(staff);
    state.setForm(formFor(staff, state.defaultChannel));
    state.setInteractionDate(today());
    setRememberedEmail(staff.staffEmail);
    state.setDraft(clearedDraft);
    state.setErrors({});
    state.setSubmitted(false);
    show(loggedToast(request, textTime));
    const notSent = emailNotSent(request.emailStatus);
    if (request.emailStatus !== undefined && request.emailStatus !== 'sent' && request.reviewLink) {
      setUnsent({ customerName: request.customerName, link: request.reviewLink, status: request.emailStatus, needsCopying: notSent });
    }
    // Nothing on this page caches these: the fetches refresh the server-side and HTTP caches that
    // other open pages read, and the live-event stream tells those pages to redraw.
    for (const url of REFRESH_AFTER_LOGGING) fetch(url, { credentials: 'include', cache: 'no-store' }).catch(() => {});
    setBusy(false);
    // The link to copy takes the focus (UnsentEmailNote); otherwise the next customer's first field.
    if (!notSent) setTimeout(() => focusField(state.defaultChannel === 'sms' ? 'phone' : 'email'));
  };

  const refused = (error: unknown) => {
    setBusy(false);
    const message = error instanceof ApiError ? error.serverMessage : undefined;
    if (error instanceof ApiError && message && error.field && (ORDER as string[]).includes(error.field)) {
      state.setErrors((e) => ({ ...e, [error.field as ErrorKey]: message }));
    }
    show({ title: 'Error', description: message ?? 'Failed to log review request', variant: 'destructive' });
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (locked || busy) return;
    state.setSubmitted(true);
    const found: FieldErrors<ErrorKey> = { ...logRequestFormErrors(form), interactionDate: interactionDateError(interactionDate, today()) };
    state.setErrors(found);
    const first = ORDER.find((k) => found[k]);
    if (first) {
      focusField(first);
      return;
    }
    setBusy(true);
    setUnsent(null);
    try {
      const content = editor.current ? editor.current.html() : draft.body;
      logged(await apiRequest<LoggedRequest>('POST', '/api/review-requests', requestPayload(form, interactionDate, draft.subject, content)));
    } catch (error) {
      refused(error);
    }
  };

  return { busy, unsent, rememberedEmail, editor, formRef, submit };
}
