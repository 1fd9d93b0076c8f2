import { Trans, useLingui } from '@lingui/react/macro';
import { COUNTRIES, GLOBAL_MINIMUM_AGE } from '@torcedor/shared/constants';
import { formatNumber } from '@/lib/numbers';
import { LegalPage } from './legal-page';

const US_MINIMUM_AGE = COUNTRIES.find((c) => c.code === 'US')?.minimumAge ?? 21;

export function DisclaimerPage() {
  const { t } = useLingui();
  const globalAge = formatNumber(GLOBAL_MINIMUM_AGE);
  const usAge = formatNumber(US_MINIMUM_AGE);
  return (
    <LegalPage title={t`Legal Disclaimer`}>
      <h2><Trans>Health warnings</Trans></h2>
      <ul>
        <li><Trans>Cigar smoking can cause cancers of the mouth and throat, even if you do not inhale.</Trans></li>
        <li><Trans>Tobacco smoke increases the risk of lung cancer and heart disease, even in non-smokers.</Trans></li>
        <li><Trans>Cigars are not a safe alternative to cigarettes.</Trans></li>
      </ul>
      <h2><Trans>Adults only</Trans></h2>
      <p><Trans>Torcedor is only for adults of legal smoking age: {globalAge} globally and {usAge} in the United States. Events listed on Torcedor are restricted to adults of legal smoking age.</Trans></p>
      <h2><Trans>No sales</Trans></h2>
      <p><Trans>Torcedor does not sell tobacco and does not facilitate the sale of tobacco products. Prices members enter in their humidor are personal records, not offers.</Trans></p>
      <h2><Trans>Information only</Trans></h2>
      <p><Trans>Reviews, ratings, recommendations (including VitolAI's answers) and catalog details are opinions and general information. They may be incomplete or out of date and are not professional or medical advice.</Trans></p>
      <h2><Trans>Local law</Trans></h2>
      <p><Trans>Content is filtered according to local regulation. You are responsible for following the tobacco laws where you live.</Trans></p>
    </LegalPage>
  );
}
