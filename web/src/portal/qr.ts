import QRCode from 'qrcode';

// The two-step setup's otpauth:// URI as a QR code for an authenticator app to scan. Loaded only when
// the setup asks for it: the portal's other pages do without the library.

/** The QR code of `text` as an SVG data: URL (an image the portal's CSP allows). */
export async function qrImage(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
