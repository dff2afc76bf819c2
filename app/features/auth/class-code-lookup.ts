/** The child's side of a class's sign-in code (issue 19): looked up online, as signing in needs the server anyway. */
import { classCodeLookupSchema, type ClassCodeLookup } from '../../../schema';
import { requestJson } from '../../shared/api';

export function lookUpClassCode(code: string): Promise<ClassCodeLookup> {
  return requestJson('/api/auth/class-code', classCodeLookupSchema, { method: 'POST', body: { code } });
}
