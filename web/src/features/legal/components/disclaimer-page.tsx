import { LegalPage } from './legal-page';

export function DisclaimerPage() {
  return (
    <LegalPage title="Legal Disclaimer">
      <h2>Health warnings</h2>
      <ul>
        <li>Cigar smoking can cause cancers of the mouth and throat, even if you do not inhale.</li>
        <li>Tobacco smoke increases the risk of lung cancer and heart disease, even in non-smokers.</li>
        <li>Cigars are not a safe alternative to cigarettes.</li>
      </ul>
      <h2>Adults only</h2>
      <p>Torcedor is only for adults of legal smoking age: 18 globally and 21 in the United States. Events listed on Torcedor are restricted to adults of legal smoking age.</p>
      <h2>No sales</h2>
      <p>Torcedor does not sell tobacco and does not facilitate the sale of tobacco products. Prices members enter in their humidor are personal records, not offers.</p>
      <h2>Information only</h2>
      <p>Reviews, ratings, recommendations (including VitolAI's answers) and catalog details are opinions and general information. They may be incomplete or out of date and are not professional or medical advice.</p>
      <h2>Local law</h2>
      <p>Content is filtered according to local regulation. You are responsible for following the tobacco laws where you live.</p>
    </LegalPage>
  );
}
