#!/usr/bin/env node
// `node bin/mail-sink.mjs [--port 2525] [--host 127.0.0.1] [--dir .mail]`: a local SMTP server to try Arrivals'
// mail with, nothing sent anywhere. It takes every message (no sign-in, no TLS: set the organization's mail with
// `--security none`), saves it as an .eml file that any mail program opens, saves its QR code as a PNG beside it,
// and prints who it was for, its subject and the ticket link in it. Uses smtp-server and mailparser, which
// `npm install` installed (development dependencies). Ctrl+C stops it.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '2525' },
    host: { type: 'string', default: '127.0.0.1' },
    dir: { type: 'string', default: '.mail' },
  },
});
const dir = path.resolve(values.dir);
fs.mkdirSync(dir, { recursive: true });
let count = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 10 * 1024 * 1024,
  onData(stream, session, callback) {
    /** @type {Buffer[]} */
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', async () => {
      const raw = Buffer.concat(chunks);
      const number = String(++count).padStart(4, '0');
      const file = path.join(dir, `${number}.eml`);
      fs.writeFileSync(file, raw);
      try {
        const mail = await simpleParser(raw, { keepCidLinks: true });
        const qr = mail.attachments.find((a) => a.contentType === 'image/png');
        if (qr) fs.writeFileSync(path.join(dir, `${number}-qr.png`), qr.content);
        const link = /https?:\/\/\S+\/t\/[0-9A-Za-z]+/.exec(mail.text ?? '')?.[0];
        const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
        process.stdout.write(`${number} to ${to}: ${mail.subject ?? ''}\n      ${file}\n`);
        if (link) process.stdout.write(`      ticket: ${link}\n`);
      } catch (error) {
        process.stdout.write(`${number}: saved ${file}, but could not read it (${String(error)})\n`);
      }
      callback(null, `Ok: saved as ${number}.eml`);
    });
  },
});
server.on('error', (error) => process.stderr.write(`mail-sink: ${error.message}\n`));
server.listen(Number(values.port), values.host, () => {
  process.stderr.write(`mail-sink: listening on ${values.host}:${values.port}, saving mail to ${dir}\n`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => server.close(() => process.exit(0)));
