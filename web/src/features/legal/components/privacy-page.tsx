import { LegalPage } from './legal-page';

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <p>This policy explains what Torcedor collects, why, and the choices you have.</p>
      <h2>What we collect</h2>
      <ul>
        <li>Account data: email, name, date of birth and country (to verify your age), and the password you choose (stored only as a hash by our identity provider).</li>
        <li>Profile and settings: display name, bio, location, photo and your privacy, notification and content preferences.</li>
        <li>Content you create: posts, reviews, your humidor and wishlist, events and conversations with VitolAI.</li>
        <li>Payment status for Premium; card details are handled by our payment provider and never reach our servers.</li>
      </ul>
      <p>
        Pictures you upload are deleted when you delete the post they belong to, replace your profile photo, or delete your account;
        a picture you upload but never use is deleted after a day.
      </p>
      <h2>How we use it</h2>
      <p>To run the service, verify that members are of legal smoking age, personalise recommendations, keep the community safe, and, only if you opt in, send marketing emails.</p>
      <h2>Sharing</h2>
      <p>We do not sell your personal data. Your profile is visible according to your privacy settings (public, followers or private).</p>
      <h2>Your rights</h2>
      <ul>
        <li>Download all your data as JSON from Settings, Security, at any time.</li>
        <li>Delete your account and its data from Settings, Security.</li>
        <li>Change what others see and what we send you in Settings.</li>
      </ul>
      <h2>Minimum age</h2>
      <p>Torcedor is not directed to anyone under 18 (21 in the United States) and we do not knowingly collect data from them.</p>
      <h2>Cookies</h2>
      <p>We use only the cookies needed to keep you signed in. They are HttpOnly and are not used for advertising.</p>
    </LegalPage>
  );
}
