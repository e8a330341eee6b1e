import { LANGUAGES } from '@app/common/languages';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { changeLanguage } from '../lib/i18n';
import { switchLangInPath } from '../lib/lang-path';
import { useLang } from '../lib/use-lang';

/** fr/en switch: the same page under the other language segment (the URL decides the language). */
export function LanguageSwitcher({ size = 'xs' }: { size?: 'xs' | 'compact-sm' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  const navigate = useNavigate();

  return (
    <Group gap={4} role="group" aria-label={t('language.label')} wrap="nowrap">
      {LANGUAGES.map((code) => (
        <Button
          key={code}
          size={size}
          variant={code === lang ? 'filled' : 'subtle'}
          color={code === lang ? 'brand' : 'gray'}
          aria-pressed={code === lang}
          aria-label={t(`language.${code}`)}
          lang={code}
          data-testid={`lang-${code}`}
          onClick={() => {
            if (code === lang) return;
            void changeLanguage(code);
            void navigate(`${switchLangInPath(location.pathname, code)}${location.search}${location.hash}`, { replace: true });
          }}
        >
          {code.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}
