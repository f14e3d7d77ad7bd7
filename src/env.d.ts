/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    runtime: import('./lib/runtime.ts').Runtime;
    session: import('./lib/auth/session.ts').Session | null;
    workspace: import('./lib/workspaces.ts').Workspace | null;
    clientAddress: string;
    /** The workspace a kiosk token opened, for the request log. */
    kioskWorkspaceId: number | null;
  }
}
