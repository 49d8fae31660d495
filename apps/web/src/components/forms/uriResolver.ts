/**
 * Stands in for fast-uri inside rjsf (the build aliases `fast-uri` here), whose only use there is
 * resolving `$ref` and `$id` of a schema against its base. The browser's URL resolves the same
 * hierarchical URIs; a reference it cannot place (a base without a scheme, as a form scheme's
 * root has) stays as written, which is what a fragment reference needs.
 */
function resolve(base: string, reference: string): string {
  try {
    return new URL(reference, base).href;
  } catch {
    return reference;
  }
}

/** Whether two URIs name the same thing, compared as the browser normalises them. */
function equal(a: string, b: string): boolean {
  const normal = (uri: string) => {
    try {
      return new URL(uri).href;
    } catch {
      return uri;
    }
  };
  return normal(a) === normal(b);
}

export default { resolve, equal };
