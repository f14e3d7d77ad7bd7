/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    runtime: import('#platform/runtime.ts').Runtime;
    session: import('#domain/workspace/auth/session.ts').Session | null;
    workspace: import('#domain/workspace/workspaces.ts').Workspace | null;
    clientAddress: string;
    /** The workspace a kiosk token opened, for the request log. */
    kioskWorkspaceId: number | null;
    /** The API key of a /api/v1 request (src/web/api-v1/access.ts); null elsewhere. */
    apiKey: import('#web/api-v1/access.ts').ApiCaller | null;
    /** A wallboard page rendered to be kept with its dashboard snapshot (src/web/compression/kept-pages.ts). */
    keepPage?: import('#web/compression/kept-pages.ts').KeepMark;
  }
}
