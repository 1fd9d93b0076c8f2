import { createFileRoute } from '@tanstack/react-router';
import { FirstRun } from '@/features/onboarding/components/first-run';

/**
 * /welcome: the first run's three steps (docs/product.md, "First run"), where sign-up goes, and where the welcome
 * notification leads back to. No search parameters: the steps start at the first.
 */
export const Route = createFileRoute('/_authenticated/welcome')({
  component: FirstRun,
});
