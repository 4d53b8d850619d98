import http from 'node:http';

/** A minimal load balancer for tests: each request goes to the next backend; `x-backend` tells which one answered. */
export interface Balancer {
  url: string;
  close(): Promise<void>;
}

/** Starts a round-robin HTTP proxy on loopback in front of the given backends (streams both ways). */
export async function startBalancer(backends: string[]): Promise<Balancer> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const index = next++ % backends.length;
    const target = new URL(req.url ?? '/', backends[index]);
    const upstream = http.request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-backend': String(index) });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
