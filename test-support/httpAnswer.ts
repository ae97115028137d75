/** A request to a local HTTP server (the bridge) and its answer, the body parsed as JSON (null when empty). */
import { request } from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export function httpAnswer(url: string, headers: Record<string, string>, method = 'GET'): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text === '' ? null : JSON.parse(text) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
