import { createFileRoute } from '@tanstack/react-router';
import { DisclaimerPage } from '@/features/legal/components/disclaimer-page';

export const Route = createFileRoute('/disclaimer')({ component: DisclaimerPage });
