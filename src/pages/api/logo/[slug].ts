import type { APIRoute } from 'astro';
import { notFound, parseId } from '#web/http.ts';
import { findLogo } from '#domain/workspace/logo.ts';
import { findWorkspaceBySlug } from '#domain/workspace/workspaces.ts';

const NO_LOGO = 'No logo';
/** A versioned address (?v= the upload time) never changes its bytes; a bare one may, so it is kept briefly. */
const VERSIONED_CACHE = 'public, max-age=31536000, immutable';
const UNVERSIONED_CACHE = 'public, max-age=300, must-revalidate';

// Public (kiosk screens show it too): answers only the stored image, under a policy that runs nothing.
export const GET: APIRoute = async ({ params, request, url, locals }) => {
  const db = locals.runtime.database.db;
  const workspace = params.slug ? await findWorkspaceBySlug(db, params.slug) : null;
  const wallboard = url.searchParams.get('wallboard');
  const wallboardId = parseId(wallboard);
  if (wallboard !== null && wallboardId === null) return notFound(NO_LOGO);
  const logo = workspace ? await findLogo(db, workspace.id, wallboardId) : null;
  if (!logo) return notFound(NO_LOGO);

  const version = String(logo.updatedAt.getTime());
  const etag = `"${version}"`;
  const headers = {
    'content-type': logo.contentType,
    'x-content-type-options': 'nosniff',
    // sandbox: nothing runs, no form, no navigation (a meta refresh included) even if a check were missed.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    'cache-control': url.searchParams.get('v') === version ? VERSIONED_CACHE : UNVERSIONED_CACHE,
    etag,
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(logo.data), { status: 200, headers: { ...headers, 'content-length': String(logo.data.byteLength) } });
};
