import type { FastifyReply } from 'fastify';

/** A file of the signed-in account, sent as an attachment that no cache keeps. */
export function sendPrivateDownload(
  reply: FastifyReply,
  type: string,
  filename: string,
  body: Buffer | string,
) {
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}
