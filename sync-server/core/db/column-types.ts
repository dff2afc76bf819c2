/** How a timestamp and a boolean read on both databases (types.ts): ISO 8601 text in UTC, and 0 or 1. */
export type Timestamp = string;
export type Bool = number;
