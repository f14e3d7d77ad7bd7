/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    runtime: import('./lib/runtime.ts').Runtime;
    session: import('./lib/auth/session.ts').Session | null;
    workspace: import('./lib/workspaces.ts').Workspace | null;
    clientAddress: string;
    /** The workspace a kiosk token opened, for the request log. */
    kioskWorkspaceId: number | null;
    /** The API key of a /api/v1 request (src/lib/api/access.ts); null elsewhere. */
    apiKey: import('./lib/api/access.ts').ApiCaller | null;
  }
}
