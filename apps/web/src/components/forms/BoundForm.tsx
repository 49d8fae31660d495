import { Alert, Spin } from 'antd';
import { lazy, type Ref, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormByKey } from '../../api/forms';
import { MESSAGES_NS } from '../../i18n';
import type { FieldAccess, FormData, FormViewHandle } from './FormView';

// The renderer (rjsf and ajv) loads only when a form is shown.
const FormView = lazy(() => import('./FormView').then((m) => ({ default: m.FormView })));

interface Props {
  formKey: string;
  value: FormData;
  onChange?: (value: FormData) => void;
  access?: readonly FieldAccess[];
  readOnly?: boolean;
  formRef?: Ref<FormViewHandle>;
  testId?: string;
}

/** The form a node binds, by its key: loaded, then rendered; "form does not exist" when it is gone. */
export function BoundForm({ formKey, testId = 'bound-form', ...rest }: Props) {
  const { t } = useTranslation('formview');
  const form = useFormByKey(formKey);
  if (form.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t(`${MESSAGES_NS}:${formKey.startsWith('system:') ? 'forms.systemFormMissing' : 'forms.notFound'}`)}
        data-testid={`${testId}-missing`}
      />
    );
  if (!form.data) return <Spin />;
  return (
    <Suspense fallback={<Spin />}>
      <FormView document={form.data.document} testId={testId} choices={form.data.schemeId ? { schemeId: form.data.schemeId } : undefined} {...rest} />
    </Suspense>
  );
}
