// The remembered staff fields (SPEC.md section 7): cookies staffFirstName, staffEmail and teamId,
// 365 days, path /, SameSite=Lax. Written by the browser after a request is logged; read by the page
// on the server so the form is prefilled before it hydrates.

export const STAFF_COOKIES = ['staffFirstName', 'staffEmail', 'teamId'] as const;
export type StaffCookie = (typeof STAFF_COOKIES)[number];

export const STAFF_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The Set-Cookie-style string document.cookie takes for one remembered value. */
export function staffCookieString(name: StaffCookie, value: string, secure: boolean): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${STAFF_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function rememberStaff(values: Record<StaffCookie, string>): void {
  const secure = location.protocol === 'https:';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox, where staff log requests too
  for (const name of STAFF_COOKIES) document.cookie = staffCookieString(name, values[name], secure);
}
