import { SMTPServer, type SMTPServerEnvelope } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface Received {
  mail: ParsedMail;
  envelope: SMTPServerEnvelope;
}

/** A real SMTP server on a free local port, keeping what it receives parsed back by mailparser. */
export async function startSmtpServer(
  options: {
    refuseRecipient?: (address: string) => boolean;
    failData?: (count: number) => number | null;
  } = {},
) {
  const received: Received[] = [];
  let dataCount = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      if (options.refuseRecipient?.(address.address)) {
        return callback(Object.assign(new Error('5.1.1 El buzón no existe'), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      dataCount += 1;
      const failure = options.failData?.(dataCount) ?? null;
      simpleParser(stream)
        .then((mail) => {
          if (failure)
            return callback(Object.assign(new Error('Inténtelo más tarde'), { responseCode: failure }));
          received.push({ mail, envelope: structuredClone(session.envelope) });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
