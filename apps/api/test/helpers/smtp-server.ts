import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface LocalSmtp {
  /** Every message accepted so far, parsed by mailparser, in arrival order. */
  received: ParsedMail[];
  /** For every message sent (accepted or not), whether its session had been upgraded to TLS. */
  secure: boolean[];
  port: number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (`port` 0: any free one) that keeps every message it accepted; with
 * `refuse`, the first that many messages are refused after their data with a 421 (try again later).
 */
export function startSmtp(
  port = 0,
  { refuse = 0, tls }: { refuse?: number; tls?: { key: string; cert: string } } = {},
): Promise<LocalSmtp> {
  const received: ParsedMail[] = [];
  const secure: boolean[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    // With a certificate the server offers STARTTLS, as most mail servers do.
    ...(tls ? { key: tls.key, cert: tls.cert } : { disabledCommands: ['STARTTLS'] }),
    onData(stream, session, callback) {
      secure.push(session.secure);
      if (refused < refuse) {
        refused++;
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 421 })));
        stream.resume();
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({
        received,
        secure,
        port: (server.server.address() as { port: number }).port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}
