import type { MoveCategory } from '../../../schema';
import { Icon } from '../../shared/components/Icon';
import { CATEGORY_ICONS } from './presentation';

/** A move category's mark: '!!', '?!'... as text, the others as SVG icons. */
export function CategoryIcon({ category }: { category: MoveCategory }) {
  const mark = CATEGORY_ICONS[category];
  return 'icon' in mark ? <Icon name={mark.icon} size="1em" /> : <>{mark.text}</>;
}
