import http from 'node:http';

/**
 * One HTTP request over a kept-alive connection, the body as it came on the wire (compressed when the
 * server compressed it: fetch would decode it and hide its size).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** Closes the kept-alive connection (a bench calls it at its end, so that its process can exit). */
export const closeRawRequests = () => agent.destroy();
