/**
 * `text` for a LIKE/ILIKE pattern, matched literally: `%`, `_` and the escape character `\` (PostgreSQL's
 * default for LIKE) are escaped, so a search for "50%" or "a_b" finds those characters, not any text.
 */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
