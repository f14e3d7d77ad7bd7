import { ADMIN_FLAG_KEY } from '../admin-flag.ts';
import { ApiError, apiErrorOf, apiRequest } from '../api.ts';
import { showAdminToast } from './admin-toast.ts';

// Every admin card calls the API through here. When the server says the caller is no longer admin
// (403, or "Admin access required" in the answer) the panel locks again (SPEC.md sections 4 and 8):
// the browser flag is cleared, "Admin Login Required" shows, and the page reloads into the gate.

const ADMIN_REQUIRED_TEXT = 'Admin access required';
/** Long enough to read the toast before the page reloads into the "Admin Access" gate. */
export const RELOAD_DELAY_MS = 1500;

/** Thrown instead of the API error once the panel is locking: callers show nothing more. */
export class AdminAccessLost extends Error {
  constructor() {
    super(ADMIN_REQUIRED_TEXT);
    this.name = 'AdminAccessLost';
  }
}

let locking = false;

function lockPanel(): never {
  if (!locking) {
    locking = true;
    try {
      localStorage.removeItem(ADMIN_FLAG_KEY);
    } catch {
      // Storage may be unavailable (private mode); the server's answer is what counts.
    }
    showAdminToast({ title: 'Admin Login Required', description: 'Please enter the admin password to continue', variant: 'destructive' });
    setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
  }
  throw new AdminAccessLost();
}

function adminAccessRefused(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.limit !== undefined) return false;
  return error.status === 403 || error.message.includes(ADMIN_REQUIRED_TEXT);
}

/** apiRequest for admin data: same contract, plus the lock-on-403 behaviour. */
export async function adminRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  try {
    return await apiRequest<T>(method, url, body);
  } catch (error) {
    if (adminAccessRefused(error)) lockPanel();
    throw error;
  }
}

/** A multipart upload (the browser sets the boundary), with the same error contract as apiRequest. */
export async function adminUpload<T>(url: string, form: FormData): Promise<T> {
  const response = await fetch(url, { method: 'POST', credentials: 'include', body: form });
  if (!response.ok) {
    const error = await apiErrorOf(response);
    if (adminAccessRefused(error)) lockPanel();
    throw error;
  }
  return (await response.json()) as T;
}

/** What to tell the user about a failed call: the server's message when it sent one. */
export function failureText(error: unknown, fallback = 'Please try again'): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return fallback;
}

/** Shows a destructive toast for a failed admin call, unless the panel is already locking. */
export function showFailure(title: string, error: unknown): void {
  if (error instanceof AdminAccessLost) return;
  showAdminToast({ title, description: failureText(error), variant: 'destructive' });
}
