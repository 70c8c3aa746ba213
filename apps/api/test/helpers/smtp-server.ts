import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface LocalSmtp {
  /** Every message accepted so far, parsed by mailparser, in arrival order. */
  received: ParsedMail[];
  port: number;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (`port` 0: any free one) that keeps every message it accepted. */
export function startSmtp(port = 0): Promise<LocalSmtp> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
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
