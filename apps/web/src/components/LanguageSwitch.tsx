import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { type Language, LANGUAGES } from '@macro/contract';
import { Button, Popover } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../api/http';
import { applyCustomLanguage, applyLanguage } from '../i18n/locale';
import { useSession } from '../session/store';
import './languageSwitch.css';

/**
 * Spec §2 language dropdown: zh / en / ja, the current one disabled. Built on Popover rather than
 * Dropdown because it sits on the sign-in page, where antd's Menu would be dead weight.
 */
export function LanguageSwitch({ variant = 'text' }: { variant?: 'text' | 'default' }) {
  const { t } = useTranslation('common');
  const builtIn = useSession((s) => s.language);
  const custom = useSession((s) => s.customLanguage);
  const signedIn = useSession((s) => Boolean(s.token));
  const language = custom || builtIn;
  const [open, setOpen] = useState(false);
  // Signed in, the tenant's languages added in the language packs join the three built in.
  // (A plain request: the sign-in page has no query client.)
  const [added, setAdded] = useState<{ data?: { code: string; name: string }[] }>({});
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    request<{ code: string; name: string }[]>('/lg-type')
      .then((types) => live && setAdded({ data: types.filter((type) => !(LANGUAGES as readonly string[]).includes(type.code)) }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [signedIn]);
  const labelOf = (code: string) =>
    (LANGUAGES as readonly string[]).includes(code) ? t(`language.${code}`) : (added.data?.find((type) => type.code === code)?.name ?? code);

  const choose = (code: string) => {
    setOpen(false);
    void ((LANGUAGES as readonly string[]).includes(code) ? applyLanguage(code as Language) : applyCustomLanguage(code));
  };

  const options = (
    <div role="menu" aria-label={t('language.switch')} className="language-menu">
      {[...LANGUAGES, ...(signedIn ? (added.data ?? []).map((type) => type.code) : [])].map((code) => (
        <Button
          key={code}
          role="menuitemradio"
          aria-checked={code === language}
          type="text"
          block
          disabled={code === language}
          icon={code === language ? <CheckOutlined /> : <span className="language-menu-spacer" />}
          onClick={() => choose(code)}
          data-testid={`language-${code}`}
        >
          {labelOf(code)}
        </Button>
      ))}
    </div>
  );

  return (
    <Popover content={options} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} arrow={false} styles={{ container: { padding: 4 } }}>
      <Button
        type={variant}
        icon={<GlobalOutlined />}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('language.switch')}
        data-testid="language-switch"
      >
        <span className="language-switch-label">{labelOf(language)}</span>
      </Button>
    </Popover>
  );
}
