import { useLingui } from '@lingui/react/macro';
import { Globe } from 'lucide-react';
import { useId } from 'react';
import { activateLanguage, LANGUAGE_NAMES, LANGUAGES, type AppLanguage } from '@/lib/i18n';
import { cn } from '@/lib/cn';

/**
 * The visitor's language switcher (docs/i18n.md): each language listed in its own name; choosing one redraws the app
 * in it at once and remembers it on this device. The landing page shows it at the top and in the footer.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const current = (LANGUAGES as readonly string[]).includes(i18n.locale) ? (i18n.locale as AppLanguage) : 'en';
  return (
    <div className={cn('flex items-center gap-1.5 text-sm', className)}>
      <Globe className="h-4 w-4 text-muted" aria-hidden />
      <label htmlFor={id} className="sr-only">{t`Language`}</label>
      <select
        id={id}
        value={current}
        onChange={(e) => void activateLanguage(e.target.value as AppLanguage)}
        className="rounded-md border border-border bg-surface-2 px-2 py-1 text-fg focus:border-primary focus:outline-none"
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>{LANGUAGE_NAMES[lang]}</option>
        ))}
      </select>
    </div>
  );
}
