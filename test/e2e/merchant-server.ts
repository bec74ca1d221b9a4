import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';

/** A page the merchant server serves: its HTML and extra response headers (a CSP, say). */
export interface MerchantPage {
  html: string;
  headers?: Record<string, string>;
}

/**
 * The merchant's origin in e2e tests: a third origin beside the API and the challenge origin.
 * Tests register pages on it; it also serves the script-tag build at /gateway.js (with its
 * /gateway-challenge.js) and any
 * extra static files given, for pages that load the SDK from their own origin.
 */
export class MerchantServer {
  private readonly pages = new Map<string, MerchantPage>();
  private readonly files = new Map<string, { path: string; type: string }>([
    ['/gateway.js', { path: 'dist/gateway.js', type: 'text/javascript' }],
    ['/gateway-challenge.js', { path: 'dist/gateway-challenge.js', type: 'text/javascript' }],
    ['/gateway-fields.js', { path: 'dist/gateway-fields.js', type: 'text/javascript' }],
  ]);
  private server?: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const page = this.pages.get(path);
      if (page) {
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          ...page.headers,
        });
        res.end(page.html);
        return;
      }
      const file = this.files.get(path);
      if (file) {
        res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' });
        res.end(readFileSync(file.path));
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Registers a page and returns its absolute URL. */
  page(path: string, page: MerchantPage): string {
    this.pages.set(path, page);
    return `${this.url}${path}`;
  }

  /** Serves a file from disk at a path. */
  file(path: string, diskPath: string, type: string): string {
    this.files.set(path, { path: diskPath, type });
    return `${this.url}${path}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
