/** JSON stored in text columns (lists of moves, tags, permissions): a bad value reads as an empty list. */
export function parseJsonList(json: string | null): unknown[] {
  if (json === null) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

export function parseStringList(json: string | null): string[] {
  return parseJsonList(json).filter((item): item is string => typeof item === 'string');
}
