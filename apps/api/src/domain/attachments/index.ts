// The attachments domain's entry: routes and other domain folders import from here, never a file inside.
export { renderOutboxAttachment, renderOutboxAttachments } from './outbox-attachments';
