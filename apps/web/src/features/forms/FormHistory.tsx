import type { FormScheme } from '@macro/contract/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VersionHistory } from '../../components/crud/VersionHistory';
import { FormView } from '../../components/forms/FormView';
import { useFormHistory, useFormVersion } from './api';

/** The saved versions of a form, newest first; any of them can be looked at as it rendered then. */
export function FormHistory({ scheme, onClose }: { scheme: FormScheme | null; onClose: () => void }) {
  const { t } = useTranslation('forms');
  const history = useFormHistory(scheme?.id);
  const [version, setVersion] = useState<number | undefined>();
  const shown = useFormVersion(scheme?.id, version);
  return (
    <VersionHistory
      open={scheme !== null}
      title={t('history.title', { name: scheme?.name ?? '' })}
      onClose={onClose}
      width={720}
      testId="form"
      t={t}
      history={history}
      extra={{ dataIndex: 'fieldCount', title: t('field.fieldCount'), width: 90 }}
      version={version}
      onVersion={setVersion}
      shown={shown.data ? <FormView document={shown.data.document} value={{}} readOnly testId="form-version-view" /> : undefined}
    />
  );
}
