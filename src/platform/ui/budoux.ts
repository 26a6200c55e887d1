import { loadDefaultJapaneseParser } from 'budoux';

/** BudouX's Japanese model, loaded with the first <Phrase> in a browser without `auto-phrase`. */
const parser = loadDefaultJapaneseParser();

export const phrasesOf = (text: string): string[] => parser.parse(text);
