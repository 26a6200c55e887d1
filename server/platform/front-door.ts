import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyServerOptions } from 'fastify';

/**
 * A handler that may answer a request before the framework sees it: true when it answered, false to hand the
 * request on to Fastify unchanged (it has read nothing of the body and written nothing).
 */
export type FrontDoorHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * Issue 29 "A viral link" (ADR 0209): the HTTP server's own request listener, in front of Fastify's. A feature
 * adds a handler for the one request it can answer from memory at a fraction of the framework's cost (a
 * tracking link's click: Fastify's request cycle, its hooks and its two log lines were two thirds of a
 * click's CPU); every other request, and every case the handler is not sure of, goes to Fastify as before.
 *
 * The server is made as Fastify makes its own HTTP/1 server (fastify/lib/server.js `getServerInstance`),
 * with the same timeouts; Fastify still adds its client-error handler and listens.
 */
export class FrontDoor {
  private readonly handlers: FrontDoorHandler[] = [];
  private closing = false;

  /** Adds a handler; handlers are asked in the order they were added. */
  add(handler: FrontDoorHandler): void {
    this.handlers.push(handler);
  }

  /** From now on every request goes to Fastify (which answers 503 while it closes). */
  close(): void {
    this.closing = true;
  }

  /** Fastify's `serverFactory` option. */
  readonly serverFactory: NonNullable<FastifyServerOptions['serverFactory']> = (handler, fastifyOptions) => {
    // NOTE: Fastify's own options with its defaults applied; its types leave them open.
    const options = fastifyOptions as {
      http?: ServerOptions | null;
      keepAliveTimeout?: number;
      requestTimeout?: number;
      connectionTimeout?: number;
      maxRequestsPerSocket?: number | null;
    };
    const server = createServer(options.http ?? {}, (req, res) => {
      if (!this.closing) {
        for (const answer of this.handlers) if (answer(req, res)) return;
      }
      handler(req, res);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}

/**
 * The client's address as Fastify's `request.ip` reads it (fastify/lib/request.js) for the app's
 * `trustProxy` setting (TRUST_PROXY: false, or the trusted proxies' addresses and blocks): the last address of
 * X-Forwarded-For that is not a trusted proxy's, or the peer's address.
 */
export function clientIpReader(trustProxy: boolean | string): (req: IncomingMessage) => string {
  if (!trustProxy) return (req) => req.socket.remoteAddress ?? '';
  const trust =
    trustProxy === true ? () => true : proxyAddr.compile(trustProxy.split(',').map((s) => s.trim()));
  return (req) => {
    const all = proxyAddr.all(req, trust);
    return all[all.length - 1] ?? '';
  };
}
