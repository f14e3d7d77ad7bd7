// Turning the names people type and the names Google shows into comparable tokens.

const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h',
};

const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'dame', 'rev', 'fr']);
const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'phd', 'md', 'esq']);
/** Words that name an account rather than a person ("The Nguyen Family", "Kim Plumbing Pty Ltd"). */
const ACCOUNT_WORDS = new Set([
  'the', 'family', 'famille', 'and', 'pty', 'ltd', 'llc', 'inc', 'co', 'company', 'group', 'services', 'plumbing',
  'electrical', 'consulting', 'holdings', 'trust', 'team', 'household',
]);

/** Lower case, accents and special letters folded to ASCII, anything that is not a letter, digit or space dropped. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßøæœłđðþıħ]/g, (c) => SPECIAL_LETTERS[c] ?? c);
}

/** Words, plus adjacent pairs joined ("ji hoon" also as "jihoon", "dela cruz" as "delacruz"). */
export function withJoined(words: string[]): string[] {
  return [...words, ...words.slice(1).map((w, i) => words[i] + w)];
}

export interface ReviewerName {
  /** Name words in order, folded: "Sarah K." -> ["sarah", "k"]. */
  tokens: string[];
  /** The tokens with adjacent pairs joined, as compared. */
  words: string[];
  /** A single handle such as an email local part ("sarahkim84" -> "sarahkim"), when the name is one. */
  handle: string | null;
}

/** Reads a display name: drops brackets, titles, suffixes, account words, emoji and punctuation. */
export function parseReviewerName(raw: string | null | undefined): ReviewerName | null {
  if (!raw) return null;
  const withoutBrackets = raw.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ');
  const folded = fold(withoutBrackets);
  if (/^\s*a google user\s*$/.test(folded) || /^\s*anonymous\s*$/.test(folded)) return null;
  const isHandle = !/\s/.test(folded.trim()) && /[._\d]/.test(folded);
  const words = folded
    .replace(/['’`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const tokens = words
    .map((w) => w.replace(/\d+/g, ''))
    .filter((w) => w && !TITLES.has(w) && !SUFFIXES.has(w) && !ACCOUNT_WORDS.has(w));
  // One word may be a handle too ("colmobrien", "tli"): it is read both ways.
  const handle = isHandle || (tokens.length === 1 && tokens[0]!.length >= 3) ? folded.replace(/[^a-z]/g, '') || null : null;
  if (tokens.length === 0 && !handle) return null;
  return { tokens, words: withJoined(tokens), handle };
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
  const words = (text: string) =>
    fold(text)
      .replace(/['’`]/g, '')
      .split(/[^a-z0-9]+/)
      .filter((w) => w && !TITLES.has(w) && !SUFFIXES.has(w));
  const local = fold(email.split('@')[0] ?? '').replace(/[^a-z]/g, '');
  const first = words(firstName);
  const last = words(lastName);
  return { first, last, firstWords: withJoined(first), lastWords: withJoined(last), emailLocal: local };
}
