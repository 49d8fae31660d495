import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { type Language, LANGUAGES } from '@macro/contract';
import { Button, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyLanguage } from '../i18n/locale';
import { useSession } from '../session/store';
import './languageSwitch.css';

/**
 * Spec §2 language dropdown: zh / en / ja, the current one disabled. Built on Popover rather than
 * Dropdown because it sits on the sign-in page, where antd's Menu would be dead weight.
 */
export function LanguageSwitch({ variant = 'text' }: { variant?: 'text' | 'default' }) {
  const { t } = useTranslation('common');
  const language = useSession((s) => s.language);
  const [open, setOpen] = useState(false);

  const choose = (code: Language) => {
    setOpen(false);
    void applyLanguage(code);
  };

  const options = (
    <div role="menu" aria-label={t('language.switch')} className="language-menu">
      {LANGUAGES.map((code) => (
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
          {t(`language.${code}`)}
        </Button>
      ))}
    </div>
  );

  return (
    <Popover
      content={options}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      arrow={false}
      styles={{ container: { padding: 4 } }}
    >
      <Button
        type={variant}
        icon={<GlobalOutlined />}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('language.switch')}
        data-testid="language-switch"
      >
        {t(`language.${language}`)}
      </Button>
    </Popover>
  );
}
