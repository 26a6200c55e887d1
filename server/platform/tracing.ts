import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api';

/**
 * OpenTelemetry traces over OTLP/HTTP (issue 29, ADR 0160), only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
 * Without it no OpenTelemetry module is loaded: this file imports their types only, and `startTracing`
 * imports the packages when called. `inSpan` is then a plain call.
 *
 * What is traced: each HTTP request (a span opened in Fastify's hooks, named by its route pattern, with
 * the request id, continuing a `traceparent` sent by a proxy), each job (with the request id it was sent
 * with), PostgreSQL statements (node-postgres), and outbound HTTP (node's http/https and fetch).
 *
 * The tracer provider is global to the process (OpenTelemetry's API holds one): the first app that starts
 * tracing sets it up, and it lasts as long as the process.
 */

interface Tracing {
  api: typeof import('@opentelemetry/api');
  tracer: Tracer;
  flush(): Promise<void>;
}

let tracing: Tracing | null = null;
let starting: Promise<Tracing> | null = null;

/** Whether this process exports traces. */
export function tracingStarted(): boolean {
  return tracing !== null;
}

export interface TracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL; spans go to `{endpoint}/v1/traces`. */
  endpoint: string;
  serviceName: string;
  version: string;
}

/** Loads the SDK and the instrumentations and registers them (once per process). */
export function startTracing(options: TracingOptions): Promise<Tracing> {
  starting ??= load(options).then((t) => (tracing = t));
  return starting;
}

async function load(options: TracingOptions): Promise<Tracing> {
  const [api, { NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ]);
  const [
    { registerInstrumentations },
    { HttpInstrumentation },
    { PgInstrumentation },
    { UndiciInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': options.serviceName,
      'service.version': options.version,
    }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1000 })],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // Incoming requests get their span from the app's hooks (route pattern, request id, app.inject too).
      new HttpInstrumentation({ ignoreIncomingRequestHook: () => true }),
      new PgInstrumentation({ requireParentSpan: true }),
      new UndiciInstrumentation(),
    ],
  });
  // NOTE: the instrumentations patch modules as `require` loads them, and the app imports pg as ESM (which
  // node loads through the same CommonJS cache): requiring it here patches the one copy both share.
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  require('pg');
  require('node:http');
  require('node:https');
  return { api, tracer: provider.getTracer('focustar', options.version), flush: () => provider.forceFlush() };
}

/** Sends what is buffered now (a graceful stop; tests). */
export async function flushTraces(): Promise<void> {
  await tracing?.flush();
}

/** Runs `fn` in a span named `name` when tracing is on; otherwise just runs it. */
export function inSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  const t = tracing;
  if (!t) return fn();
  return t.tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn();
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: t.api.SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** A request's span and the context to run its work in (null when tracing is off). */
export interface RequestSpan {
  span: Span;
  context: Context;
}

/** Opens the server span of a request, continuing the caller's trace (W3C `traceparent`) if any. */
export function startRequestSpan(
  method: string,
  headers: Record<string, string | string[] | undefined>,
  attributes: Attributes,
): RequestSpan | null {
  const t = tracing;
  if (!t) return null;
  const parent = t.api.propagation.extract(t.api.ROOT_CONTEXT, headers);
  const span = t.tracer.startSpan(method, { kind: t.api.SpanKind.SERVER, attributes }, parent);
  return { span, context: t.api.trace.setSpan(parent, span) };
}

/** Runs `fn` inside the request's span (its statements, jobs and calls become its children). */
export function withRequestSpan<T>(requestSpan: RequestSpan | null, fn: () => T): T {
  const t = tracing;
  if (!t || !requestSpan) return fn();
  return t.api.context.with(requestSpan.context, fn);
}

/** Ends a request's span with its route pattern and status (5xx marks it failed). */
export function endRequestSpan(
  requestSpan: RequestSpan,
  method: string,
  route: string,
  status: number,
): void {
  const t = tracing;
  if (!t) return;
  requestSpan.span.updateName(`${method} ${route}`);
  requestSpan.span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
  if (status >= 500) requestSpan.span.setStatus({ code: t.api.SpanStatusCode.ERROR });
  requestSpan.span.end();
}
