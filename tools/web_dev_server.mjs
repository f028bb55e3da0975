// Serves a web/ directory from disk and passes /api/ to a running
// `ludex serve`, so that the page can be changed and reloaded without a
// build (the binary embeds web/ at build time), and two versions of the page
// can be timed against one API server (bench/explorer_steps.mjs --vs).
//
//   node tools/web_dev_server.mjs WEB_DIR PORT API_PORT
//
// For development only: loopback, no caching headers, GET only.

import { createServer, request, Agent } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const [webDir, port, apiPort] = process.argv.slice(2);
if (!webDir || !port || !apiPort) {
  console.error('usage: node tools/web_dev_server.mjs WEB_DIR PORT API_PORT');
  process.exit(2);
}
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
const agent = new Agent({ keepAlive: true, maxSockets: 16 });

createServer(async (req, res) => {
  res.socket.setNoDelay(true);
  if (req.url.startsWith('/api/')) {
    const up = request({ host: '127.0.0.1', port: apiPort, path: req.url, method: req.method, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode, answer.headers);
      answer.pipe(res);
    });
    up.on('error', (e) => { res.writeHead(502); res.end(String(e)); });
    req.pipe(up);
    return;
  }
  const path = new URL(req.url, 'http://x').pathname;
  const file = normalize(join(webDir, path === '/' ? 'index.html' : path));
  if (!file.startsWith(normalize(webDir))) { res.writeHead(403); res.end(); return; }
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-store' });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
}).listen(Number(port), '127.0.0.1');
