import { Trans, useLingui } from '@lingui/react/macro';
import { COUNTRIES, GLOBAL_MINIMUM_AGE, GOVERNING_LAW, LIABILITY_CAP_USD, PREMIUM_PRICE_USD_CENTS, TRIAL_DAYS } from '@torcedor/shared/constants';
import { formatMoney, formatNumber } from '@/lib/numbers';
import { LegalPage } from './legal-page';

const US_MINIMUM_AGE = COUNTRIES.find((c) => c.code === 'US')?.minimumAge ?? 21;

export function TermsPage() {
  const { t } = useLingui();
  const globalAge = formatNumber(GLOBAL_MINIMUM_AGE);
  const usAge = formatNumber(US_MINIMUM_AGE);
  const days = formatNumber(TRIAL_DAYS);
  const price = formatMoney(PREMIUM_PRICE_USD_CENTS / 100);
  // Written '$100' in English: the translation places the currency as its language does.
  const cap = formatNumber(LIABILITY_CAP_USD);
  const state = GOVERNING_LAW;
  return (
    <LegalPage title={t`Terms of Service`}>
      <p><Trans>These Terms of Service govern your use of Torcedor, a social platform for adult cigar enthusiasts. By creating an account or using Torcedor you agree to them.</Trans></p>
      <h2><Trans>1. Eligibility</Trans></h2>
      <p><Trans>You must be at least {globalAge} years old to use Torcedor, and at least {usAge} years old in the United States. You confirm your date of birth and country when you join; we may close accounts that do not meet these minimum ages.</Trans></p>
      <h2><Trans>2. No tobacco sales</Trans></h2>
      <p><Trans>Torcedor is a community and information service. It does not sell tobacco and does not facilitate the sale of tobacco products. Members may not use Torcedor to buy, sell or trade tobacco.</Trans></p>
      <h2><Trans>3. Your account</Trans></h2>
      <ul>
        <li><Trans>Keep your credentials private; you are responsible for activity on your account.</Trans></li>
        <li><Trans>A {days}-day trial gives full access for seven days without a card. After it ends, create an account to continue.</Trans></li>
        <li><Trans>You may export your data or delete your account at any time from Settings.</Trans></li>
      </ul>
      <h2><Trans>4. Premium</Trans></h2>
      <p><Trans>Premium costs {price} per month, renews monthly until canceled and can be canceled at any time; access continues until the end of the paid period.</Trans></p>
      <h2><Trans>5. Community rules</Trans></h2>
      <p><Trans>Be respectful. No harassment, illegal content, or content that promotes tobacco to minors. Content is filtered according to local regulation and we may remove content or suspend accounts that break these rules.</Trans></p>
      <h2><Trans>6. Health warning</Trans></h2>
      <p><Trans>Cigar smoking causes cancer and other serious diseases. Nothing on Torcedor is medical advice or an encouragement to start smoking.</Trans></p>
      <h2><Trans>7. Limitation of liability</Trans></h2>
      <p><Trans>To the fullest extent permitted by law, Torcedor's total liability to you for any claim is limited to the greater of ${cap} or the amount you paid us in the 12 months before the claim.</Trans></p>
      <h2><Trans>8. Governing law and disputes</Trans></h2>
      <p><Trans>These terms are governed by the laws of the State of {state}, USA. Any dispute will be resolved by binding individual arbitration rather than in court, except where the law does not allow it.</Trans></p>
      <h2><Trans>9. Changes</Trans></h2>
      <p><Trans>We may update these terms; the date above shows the latest version. Continued use after a change means you accept it.</Trans></p>
    </LegalPage>
  );
}
