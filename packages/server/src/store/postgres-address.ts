/** The server a `postgres://` URL names, as PostgreSQL's own defaults read it. */
export interface PostgresAddress {
  readonly host: string;
  readonly port: number;
  readonly dbname: string;
  readonly user?: string;
  readonly password?: string;
}

/** Reads the server of a parsed `postgres://` URL (host `localhost`, port 5432 and database = user when absent). */
export function postgresAddress(u: URL): PostgresAddress {
  return {
    host: decodeURIComponent(u.hostname) || 'localhost',
    port: u.port === '' ? 5432 : Number(u.port),
    dbname: decodeURIComponent(u.pathname.replace(/^\//, '')) || decodeURIComponent(u.username) || 'postgres',
    ...(u.username ? { user: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
  };
}

/** `host:port/database`: what a message shows of a server (never its user or password). */
export function addressLabel(a: PostgresAddress): string {
  return `${a.host}:${a.port}/${a.dbname}`;
}

/** {@link addressLabel} of a URL given on the command line (one that cannot be read says so). */
export function urlLabel(url: string): string {
  try {
    return addressLabel(postgresAddress(new URL(url)));
  } catch {
    return 'a URL that cannot be read';
  }
}
