/**
 * Which methods each route takes, for the answer to a request whose path exists with another
 * method (`POST .../batch/update`, which is a PATCH): a 405 with `Allow`, instead of a 404 that
 * says the route does not exist. Filled from Fastify's `onRoute` hook, so the routes stay their
 * own definitions' (nothing here lists them).
 */
export class RouteMethods {
  private readonly routes: { readonly pattern: RegExp; readonly methods: Set<string> }[] = [];

  /**
   * `maxParamLength`: the router's limit on a path parameter. A longer parameter matches no
   * route in the router, so it matches none here either (else the route's own method would be
   * answered "not a method of this path").
   */
  constructor(private readonly maxParamLength = Number.POSITIVE_INFINITY) {}

  /** Records a route: its URL as Fastify writes it (`/v1/catalog/:catalogId`) and its method(s). */
  add(url: string, method: string | readonly string[]): void {
    const param = Number.isFinite(this.maxParamLength) ? `[^/]{1,${this.maxParamLength}}` : '[^/]+';
    const source = url
      .split('/')
      .map((part) => (part.startsWith(':') ? param : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    const pattern = new RegExp(`^${source}$`);
    let route = this.routes.find((r) => r.pattern.source === pattern.source);
    if (!route) this.routes.push((route = { pattern, methods: new Set() }));
    for (const m of typeof method === 'string' ? [method] : method) route.methods.add(m.toUpperCase());
  }

  /** The methods a path takes (sorted; none when no route has that path). */
  allowed(path: string): string[] {
    const out = new Set<string>();
    for (const r of this.routes) if (r.pattern.test(path)) for (const m of r.methods) out.add(m);
    return [...out].sort();
  }
}
