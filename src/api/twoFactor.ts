import { parsePayload } from './envelope';
import type { Http } from './http';
import { z } from './zod';

/** GET /user/two-factor-qr-code: the SVG and the otpauth URL, or `[]` while two-factor is off. */
const qrCodeSchema = z.object({ svg: z.string(), url: z.string() });
const secretKeySchema = z.object({ secretKey: z.string() });
const recoveryCodesSchema = z.array(z.string());

export interface TwoFactorSetup {
  /** The QR code as an `image/svg+xml` data URL: shown with <img>, never injected as markup. */
  qrImage: string;
  /** The otpauth:// URL the QR code encodes. */
  url: string;
  /** The secret, for typing into an authenticator by hand. */
  secretKey: string;
}

function svgDataUrl(svg: string): string {
  const bytes = new TextEncoder().encode(svg);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}

/** Fortify's two-factor management routes for the signed-in user (host root, like Fortify's). */
export function createTwoFactorApi(http: Http) {
  return {
    async enable(signal?: AbortSignal): Promise<void> {
      await http.root.post('/user/two-factor-authentication', {}, { signal });
    },
    async disable(signal?: AbortSignal): Promise<void> {
      await http.root.delete('/user/two-factor-authentication', { signal });
    },
    /** The QR code and secret of the (not yet confirmed) two-factor set-up. */
    async setup(signal?: AbortSignal): Promise<TwoFactorSetup> {
      const [qr, secret] = await Promise.all([
        http.root.get('/user/two-factor-qr-code', { signal }),
        http.root.get('/user/two-factor-secret-key', { signal }),
      ]);
      const { svg, url } = parsePayload(qrCodeSchema, qr.data);
      return { qrImage: svgDataUrl(svg), url, secretKey: parsePayload(secretKeySchema, secret.data).secretKey };
    },
    async confirm(code: string, signal?: AbortSignal): Promise<void> {
      await http.root.post('/user/confirmed-two-factor-authentication', { code }, { signal });
    },
    /** Fortify's password.confirm: the management routes answer 423 until this succeeds (201). */
    async confirmPassword(password: string, signal?: AbortSignal): Promise<void> {
      await http.root.post('/user/confirm-password', { password }, { signal });
    },
    async recoveryCodes(signal?: AbortSignal): Promise<string[]> {
      const response = await http.root.get('/user/two-factor-recovery-codes', { signal });
      return parsePayload(recoveryCodesSchema, response.data);
    },
    async regenerateRecoveryCodes(signal?: AbortSignal): Promise<string[]> {
      await http.root.post('/user/two-factor-recovery-codes', {}, { signal });
      const response = await http.root.get('/user/two-factor-recovery-codes', { signal });
      return parsePayload(recoveryCodesSchema, response.data);
    },
  };
}

export type TwoFactorApi = ReturnType<typeof createTwoFactorApi>;
