import { GOVERNING_LAW, LIABILITY_CAP_USD } from '@torcedor/shared/constants';
import { LegalPage } from './legal-page';

export function TermsPage() {
  return (
    <LegalPage title="Terms of Service">
      <p>These Terms of Service govern your use of Torcedor, a social platform for adult cigar enthusiasts. By creating an account or using Torcedor you agree to them.</p>
      <h2>1. Eligibility</h2>
      <p>You must be at least 18 years old to use Torcedor, and at least 21 years old in the United States. You confirm your date of birth and country when you join; we may close accounts that do not meet these minimum ages.</p>
      <h2>2. No tobacco sales</h2>
      <p>Torcedor is a community and information service. It does not sell tobacco and does not facilitate the sale of tobacco products. Members may not use Torcedor to buy, sell or trade tobacco.</p>
      <h2>3. Your account</h2>
      <ul>
        <li>Keep your credentials private; you are responsible for activity on your account.</li>
        <li>A 7-day trial gives full access for seven days without a card. After it ends, create an account to continue.</li>
        <li>You may export your data or delete your account at any time from Settings.</li>
      </ul>
      <h2>4. Premium</h2>
      <p>Premium costs $9.99 per month, renews monthly until canceled and can be canceled at any time; access continues until the end of the paid period.</p>
      <h2>5. Community rules</h2>
      <p>Be respectful. No harassment, illegal content, or content that promotes tobacco to minors. Content is filtered according to local regulation and we may remove content or suspend accounts that break these rules.</p>
      <h2>6. Health warning</h2>
      <p>Cigar smoking causes cancer and other serious diseases. Nothing on Torcedor is medical advice or an encouragement to start smoking.</p>
      <h2>7. Limitation of liability</h2>
      <p>To the fullest extent permitted by law, Torcedor's total liability to you for any claim is limited to the greater of ${LIABILITY_CAP_USD} or the amount you paid us in the 12 months before the claim.</p>
      <h2>8. Governing law and disputes</h2>
      <p>These terms are governed by the laws of the State of {GOVERNING_LAW}, USA. Any dispute will be resolved by binding individual arbitration rather than in court, except where the law does not allow it.</p>
      <h2>9. Changes</h2>
      <p>We may update these terms; the date above shows the latest version. Continued use after a change means you accept it.</p>
    </LegalPage>
  );
}
