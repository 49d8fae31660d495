import { FORM_SCHEME_ENDPOINTS } from '@macro/contract/forms';
import { useEndpointQuery } from './endpoint';

/** The form a template's node binds (`formKey`: a scheme code or `system:<id>`), to render. */
export function useFormByKey(code: string | null | undefined) {
  return useEndpointQuery(FORM_SCHEME_ENDPOINTS.byKey, { query: { code: code ?? '' } }, { enabled: Boolean(code), staleTime: 60_000, retry: false });
}

/** The options of a saved form's choice filled from a data source (its current design, or `version`'s); none asked for without a scheme. */
export function useFieldOptions(schemeId: number | null | undefined, field: string, version?: number) {
  return useEndpointQuery(
    FORM_SCHEME_ENDPOINTS.fieldOptions,
    { params: { id: String(schemeId ?? 0), field }, query: version === undefined ? {} : { version: String(version) } },
    { enabled: Boolean(schemeId), staleTime: 60_000, retry: false },
  );
}
