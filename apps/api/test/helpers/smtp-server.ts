import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface LocalSmtp {
  /** Every message accepted so far, parsed by mailparser, in arrival order. */
  received: ParsedMail[];
  port: number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (`port` 0: any free one) that keeps every message it accepted; with
 * `refuse`, the first that many messages are refused after their data with a 421 (try again later).
 */
export function startSmtp(port = 0, { refuse = 0 }: { refuse?: number } = {}): Promise<LocalSmtp> {
  const received: ParsedMail[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
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
        port: (server.server.address() as { port: number }).port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}
