import { Trans, useLingui } from '@lingui/react/macro';
import { COUNTRIES, GLOBAL_MINIMUM_AGE } from '@torcedor/shared/constants';
import { formatNumber } from '@/lib/numbers';
import { LegalPage } from './legal-page';

const US_MINIMUM_AGE = COUNTRIES.find((c) => c.code === 'US')?.minimumAge ?? 21;

export function PrivacyPage() {
  const { t } = useLingui();
  const globalAge = formatNumber(GLOBAL_MINIMUM_AGE);
  const usAge = formatNumber(US_MINIMUM_AGE);
  return (
    <LegalPage title={t`Privacy Policy`}>
      <p><Trans>This policy explains what Torcedor collects, why, and the choices you have.</Trans></p>
      <h2><Trans>What we collect</Trans></h2>
      <ul>
        <li><Trans>Account data: email, name, date of birth and country (to verify your age), and the password you choose (stored only as a hash by our identity provider).</Trans></li>
        <li><Trans>Profile and settings: display name, bio, location, photo and your privacy, notification and content preferences.</Trans></li>
        <li><Trans>Content you create: posts, reviews, your humidor and wishlist, events and conversations with VitolAI.</Trans></li>
        <li><Trans>Payment status for Premium; card details are handled by our payment provider and never reach our servers.</Trans></li>
      </ul>
      <p>
        <Trans>
          Pictures you upload are deleted when you delete the post they belong to, replace your profile photo, or delete your account;
          a picture you upload but never use is deleted after a day.
        </Trans>
      </p>
      <h2><Trans>How we use it</Trans></h2>
      <p><Trans>To run the service, verify that members are of legal smoking age, personalise recommendations, keep the community safe, and, only if you opt in, send marketing emails.</Trans></p>
      <h2><Trans>Sharing</Trans></h2>
      <p><Trans>We do not sell your personal data. Your profile is visible according to your privacy settings (public, followers or private).</Trans></p>
      <h2><Trans>Your rights</Trans></h2>
      <ul>
        <li><Trans>Download all your data as JSON from Settings, Security, at any time.</Trans></li>
        <li><Trans>Delete your account and its data from Settings, Security.</Trans></li>
        <li><Trans>Change what others see and what we send you in Settings.</Trans></li>
      </ul>
      <h2><Trans>Minimum age</Trans></h2>
      <p><Trans>Torcedor is not directed to anyone under {globalAge} ({usAge} in the United States) and we do not knowingly collect data from them.</Trans></p>
      <h2><Trans>Cookies</Trans></h2>
      <p><Trans>We use only the cookies needed to keep you signed in. They are HttpOnly and are not used for advertising.</Trans></p>
    </LegalPage>
  );
}
