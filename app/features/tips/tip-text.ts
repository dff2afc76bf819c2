import { TIP_TRUNCATE_CHARS } from '../../../schema';

/** A tip's content in a category list: cut at 200 characters plus an ellipsis (play spec section 2). */
export function previewText(content: string): string {
  return content.length <= TIP_TRUNCATE_CHARS ? content : `${content.slice(0, TIP_TRUNCATE_CHARS).trimEnd()}…`;
}
