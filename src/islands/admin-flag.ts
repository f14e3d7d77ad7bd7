/**
 * The browser's mirror of the admin right (SPEC.md section 4). The server decides, from the signed
 * session; this flag only lets the UI remember that the panel was unlocked.
 */
export const ADMIN_FLAG_KEY = 'admin_authenticated';
