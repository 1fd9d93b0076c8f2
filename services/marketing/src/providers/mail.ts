import { sendEmail, type Outgoing } from '@torcedor/service-kit/email';

/**
 * marketing's emails go out through the kit's email module (Amazon SES v2; aws-ses-v2-local on one machine). One
 * object, so a test can make SES refuse a send.
 */
export const mail = {
  /** Sends one message now; SES's refusal (down, throttled) is thrown. */
  send: async (m: Outgoing): Promise<void> => { await sendEmail(m); },
};
