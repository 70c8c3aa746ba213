import type { QRCodeToBufferOptions, QRCodeToStringOptions } from 'qrcode';

// Loaded when a code is first drawn, not with every process: its import took 0.1 s of a start.
const qrcode = () => import('qrcode').then((module) => module.default);

/** A QR code of `text` as SVG markup. */
export const qrCodeSvg = async (text: string, options: Omit<QRCodeToStringOptions, 'type'> = {}) =>
  (await qrcode()).toString(text, { ...options, type: 'svg' });

/** A QR code of `text` as a PNG image. */
export const qrCodePng = async (text: string, options: Omit<QRCodeToBufferOptions, 'type'> = {}) =>
  (await qrcode()).toBuffer(text, { ...options, type: 'png' });
