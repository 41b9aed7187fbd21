// The reference for bench/api.mjs: a bare node:http server answering every request with one prepared answer (the
// status, headers and body bytes the app sent), so the ratio shows what the app costs beyond HTTP itself.
import fs from 'node:fs';
import http from 'node:http';

const [file, port] = process.argv.slice(2);
const answer = JSON.parse(fs.readFileSync(file, 'utf8'));
const body = Buffer.from(answer.body, 'base64');
const headers = { ...answer.headers, 'content-length': String(body.length) };

http.createServer((_request, response) => response.writeHead(answer.status, headers).end(body)).listen(Number(port), '127.0.0.1');
