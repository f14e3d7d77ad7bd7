/**
 * The base of the links this product hands out (review links in emails, the TV link, the CRM
 * webhook). PUBLIC_URL when the operator set it; otherwise the address the caller reached this server
 * at, so a customer never gets a `localhost` link because the server was started without one.
 */
export function linkBase(config: { publicUrl: string; publicUrlSet: boolean }, requestUrl: URL): string {
  return config.publicUrlSet ? config.publicUrl : requestUrl.origin;
}
