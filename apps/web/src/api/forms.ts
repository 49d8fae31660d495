import { FORM_SCHEME_ENDPOINTS } from '@macro/contract/forms';
import { useEndpointQuery } from './endpoint';

/** The form a template's node binds (`formKey`: a scheme code or `system:<id>`), to render. */
export function useFormByKey(code: string | null | undefined) {
  return useEndpointQuery(FORM_SCHEME_ENDPOINTS.byKey, { query: { code: code ?? '' } }, { enabled: Boolean(code), staleTime: 60_000, retry: false });
}
