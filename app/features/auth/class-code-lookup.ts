/** The child's side of a class's sign-in code (issue 19): looked up online, as signing in needs the server anyway. */
import { classCodeLookupSchema, apiPath, classCodePaths, type ClassCodeLookup } from '../../../schema';
import { requestJson } from '../../shared/api';

export function lookUpClassCode(code: string): Promise<ClassCodeLookup> {
  return requestJson(apiPath(classCodePaths.lookUp), classCodeLookupSchema, { method: 'POST', body: { code } });
}
