// Turning the names people type and the names Google shows into comparable tokens.
import { romanize } from './romanize.ts';

const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};

const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'dame', 'rev', 'fr']);
const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'phd', 'md', 'esq']);
/** Words that name an account rather than a person ("The Nguyen Family", "Kim Plumbing Pty Ltd"). */
const ACCOUNT_WORDS = new Set([
  'the',
  'family',
  'famille',
  'and',
  'pty',
  'ltd',
  'llc',
  'inc',
  'co',
  'company',
  'group',
  'services',
  'plumbing',
  'electrical',
  'consulting',
  'holdings',
  'trust',
  'team',
  'household',
]);

/** Lower case, accents and special letters folded to ASCII, anything that is not a letter, digit or space dropped. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßøæœłđðþıħ]/g, (c) => SPECIAL_LETTERS[c] ?? c);
}

/**
 * A word with its opening letters written as they sound, so that spellings of one name that differ
 * from the first letter compare as near spellings: Caitlin and Kaitlyn, Christina and Kristina,
 * Carl and Karl, Philip and Filip, Cohen and Kohen.
 */
export function soundsLike(word: string): string {
  return word
    .replace(/^ph/, 'f')
    .replace(/^ch(?=[rl])/, 'k')
    .replace(/^c(?=[aoulr])/, 'k');
}

/** Words, plus adjacent pairs and threes joined ("ji hoon" also as "jihoon", "van der berg" as "vanderberg"). */
export function withJoined(words: string[]): string[] {
  return [...words, ...words.slice(1).map((w, i) => words[i] + w), ...words.slice(2).map((w, i) => words[i]! + words[i + 1] + w)];
}

export interface ReviewerName {
  /** Name words in order, folded: "Sarah K." -> ["sarah", "k"]. */
  tokens: string[];
  /** The tokens with adjacent pairs joined, and other spellings of tokens written in another script, as compared. */
  words: string[];
  /** Other spellings of a token (a name written in Chinese, Korean, Cyrillic or Greek) -> that token. */
  spellingOf: Map<string, string>;
  /** A single handle such as an email local part ("sarahkim84" -> "sarahkim"), when the name is one. */
  handle: string | null;
}

/** Reads a display name: drops brackets, titles, suffixes, account words, emoji and punctuation. */
export function parseReviewerName(raw: string | null | undefined): ReviewerName | null {
  if (!raw) return null;
  const withoutBrackets = raw.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ');
  const romanized = romanize(withoutBrackets);
  const folded = fold(romanized.text);
  if (/^\s*a google user\s*$/.test(folded) || /^\s*anonymous\s*$/.test(folded)) return null;
  const isHandle = !/\s/.test(folded.trim()) && /[._\d]/.test(folded);
  const words = folded
    .replace(/['’`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const tokens = words.map((w) => w.replace(/\d+/g, '')).filter((w) => w && !TITLES.has(w) && !SUFFIXES.has(w) && !ACCOUNT_WORDS.has(w));
  // One word may be a handle too ("colmobrien", "tli"): it is read both ways.
  const handle = isHandle || (tokens.length === 1 && tokens[0]!.length >= 3) ? folded.replace(/[^a-z]/g, '') || null : null;
  if (tokens.length === 0 && !handle) return null;
  const spellingOf = new Map<string, string>();
  for (const token of tokens) for (const other of romanized.aliases.get(token) ?? []) if (!tokens.includes(other)) spellingOf.set(other, token);
  return { tokens, words: [...withJoined(tokens), ...spellingOf.keys()], handle, spellingOf };
}

export interface CustomerName {
  first: string[];
  last: string[];
  /** first and last with adjacent words joined, as compared. */
  firstWords: string[];
  lastWords: string[];
  /** The email's local part, letters only ("sarah.kim84" -> "sarahkim"). */
  emailLocal: string;
}

/** A customer as staff typed them: given and family names (each may be several words) and email. */
export function parseCustomer(firstName: string, lastName: string, email: string): CustomerName {
  const aliases = new Map<string, string[]>();
  const words = (text: string, givenField: boolean) => {
    const romanized = romanize(text, givenField);
    for (const [word, others] of romanized.aliases) aliases.set(word, others);
    return fold(romanized.text)
      .replace(/['’`]/g, '')
      .split(/[^a-z0-9]+/)
      .filter((w) => w && !TITLES.has(w) && !SUFFIXES.has(w));
  };
  const withOtherSpellings = (list: string[]) => [...withJoined(list), ...list.flatMap((w) => aliases.get(w) ?? [])];
  const local = fold(email.split('@')[0] ?? '').replace(/[^a-z]/g, '');
  const first = words(firstName, true);
  const last = words(lastName, false);
  return { first, last, firstWords: withOtherSpellings(first), lastWords: withOtherSpellings(last), emailLocal: local };
}
