/** LIKE patterns for text typed by an admin: its own % and _ match only themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export const containing = (text: string) => `%${escapeLike(text)}%`;
export const startingWith = (text: string) => `${escapeLike(text)}%`;
