import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { startMailCatcher } from '../../scripts/lib/mail-catcher.mjs';

/**
 * The development mail server (`npm run mail:catch`) and the tests' stand-in: a sender killed in
 * the middle of a message (the site under SIGKILL) must not take it down with the messages it holds.
 */

const catcher = await startMailCatcher();
afterAll(() => catcher.stop());

/** Starts a message over a raw socket, then resets the connection halfway through its body. */
function dropMidMessage(port: number): Promise<void> {
  const lines = ['EHLO drop.test', 'MAIL FROM:<a@drop.test>', 'RCPT TO:<b@drop.test>', 'DATA'];
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.on('close', () => done());
    socket.on('data', (reply) => {
      const line = lines.shift();
      if (line) socket.write(`${line}\r\n`);
      else if (reply.toString().startsWith('354')) {
        socket.write('Subject: half\r\n\r\nthe first half of a body');
        setTimeout(() => socket.resetAndDestroy(), 50);
      }
    });
  });
}

describe('the mail catcher', () => {
  it('keeps serving after senders drop their connections mid-message', async () => {
    for (let i = 0; i < 3; i += 1) await dropMidMessage(catcher.port);
    const transport = nodemailer.createTransport({ url: catcher.url() });
    await transport.sendMail({
      from: 'site@example.com',
      to: 'agency@example.com',
      subject: 'after the drops',
      text: 'still here',
    });
    expect(catcher.accepted.map((message) => message.parsed.subject)).toEqual(['after the drops']);
  });
});
