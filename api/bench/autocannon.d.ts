/** The part of autocannon 8's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request | false | undefined;
      onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
    }

    interface Client extends EventEmitter {
      setHeaders(headers: Record<string, string> | undefined): void;
      setBody(body: string | Buffer | undefined): void;
      setRequests(requests: Request[]): void;
    }

    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      amount?: number;
      pipelining?: number;
      timeout?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      requests?: Request[];
      setupClient?: (client: Client) => void;
    }

    interface Histogram {
      average: number;
      p50: number;
      p90: number;
      p99: number;
      max: number;
    }

    interface Result {
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
      latency: Histogram;
      requests: Histogram;
    }

    interface Instance extends PromiseLike<Result> {
      on(event: 'response', listener: (client: Client, statusCode: number, resBytes: number, responseTime: number) => void): this;
      on(event: 'done', listener: (result: Result) => void): this;
      stop(): void;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
