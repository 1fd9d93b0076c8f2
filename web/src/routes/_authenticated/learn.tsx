import { createFileRoute } from '@tanstack/react-router';
import { LearnPage } from '@/features/learn/components/learn-page';

export const Route = createFileRoute('/_authenticated/learn')({ component: LearnPage });
