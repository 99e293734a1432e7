/** A name in the UI language: the English name on an English screen when there is one, else the Chinese. */
export const localName = (name: string, enName: string | null | undefined, lang: string): string => (lang.startsWith('en') && enName ? enName : name);
