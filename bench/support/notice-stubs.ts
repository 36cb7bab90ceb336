import http from 'node:http';
import { startSmtpServer } from '../../apps/api/src/modules/delivery/smtp-test-server';

/**
 * The providers' local stand-ins for bench/offers.ts's delivery phases, in their own process (their CPU
 * is not the API's nor the load generator's): a real SMTP server (smtp-server, each mail parsed back by
 * mailparser, as the tests' server does) and one HTTP server answering Twilio's Messages.json and the
 * WhatsApp Cloud API's /messages as those APIs do. Prints `{"smtpPort":…,"httpPort":…}` once listening;
 * GET /counts answers what each has received.
 */
export async function runNoticeStubs() {
  const smtp = await startSmtpServer();
  const counts = { sms: 0, whatsapp: 0, email: 0 };
  const server = http.createServer((req, res) => {
    let length = 0;
    req.on('data', (chunk: Buffer) => (length += chunk.length));
    req.on('end', () => {
      const url = req.url ?? '';
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method === 'GET' && url === '/counts') {
        // Parsed mails are only counted: dropped, so a long run does not grow this process.
        counts.email += smtp.received.splice(0).length;
        json(200, counts);
      } else if (req.method === 'POST' && url.endsWith('/Messages.json')) {
        counts.sms += 1;
        json(201, { sid: `SM${counts.sms.toString().padStart(32, '0')}`, status: 'queued' });
      } else if (req.method === 'POST' && url.endsWith('/messages')) {
        counts.whatsapp += 1;
        json(200, { messages: [{ id: `wamid.bench${counts.whatsapp}` }] });
      } else json(404, { error: `no stub for ${req.method ?? ''} ${url} (${length} bytes)` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const httpPort = typeof address === 'object' && address ? address.port : 0;
  console.log(JSON.stringify({ smtpPort: smtp.port, httpPort }));
  process.on('SIGTERM', () => {
    server.closeAllConnections();
    void smtp.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 1_000).unref();
  });
}
