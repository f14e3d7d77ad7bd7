import { jaroWinkler } from './jaro-winkler.ts';
import { soundsLike, type CustomerName, type ReviewerName } from './normalize.ts';
import { areNicknames } from './nicknames.ts';

/** How one review word fits one name word. */
export type WordFit = 'exact' | 'nickname' | 'typo' | 'part' | 'initial' | 'none';

/** `part`: one word of a family name of several fits, and the review has another word of its own (see nameScore). */
const FIT_SCORE: Record<WordFit, number> = { exact: 1, nickname: 0.92, typo: 0.88, part: 0.88, initial: 0.5, none: 0 };

const TYPO_SIMILARITY = 0.9;

/**
 * A slip of the keyboard, not another name: the same first letter, close letters and nearly the
 * same length. Family names allow one letter more or less (Harris and Harrison are two families),
 * given names two (Kathryn). Spellings that differ from the first letter are nicknames' business,
 * except a first letter written as it sounds (Caitlin and Kaitlyn, Philip and Filip).
 */
function isTypo(a: string, b: string, given: boolean): boolean {
  if (a[0] !== b[0]) [a, b] = [soundsLike(a), soundsLike(b)];
  if (a.length < 4 || b.length < 4 || a[0] !== b[0]) return false;
  if (Math.abs(a.length - b.length) > (given ? 2 : 1)) return false;
  return jaroWinkler(a, b) >= TYPO_SIMILARITY;
}

export function wordFit(reviewWord: string, nameWord: string, given: boolean): WordFit {
  if (reviewWord === nameWord) return 'exact';
  if (reviewWord.length === 1) return nameWord.startsWith(reviewWord) ? 'initial' : 'none';
  if (given && areNicknames(reviewWord, nameWord)) return 'nickname';
  if (isTypo(reviewWord, nameWord, given)) return 'typo';
  return 'none';
}

export interface NameEvidence {
  score: number;
  first: WordFit;
  last: WordFit;
  /** A review word that names someone else's family name ("Sarah King" for Sarah Kim). */
  conflict: boolean;
  handle?: 'email' | 'full' | 'partial';
  /** The review gives the family name before the given name, the other way round from the request. */
  reversed?: true;
  /**
   * Why the name fits only nearly, where it does (decision 069): the family name spelt differently
   * ("Jack Mackenzie" for Jack McKenzie, "Emma Thomson" for Emma Thompson), or only one word of a family
   * name of several with another word beside it ("Anna van Dijk" for Anna van der Berg). A
   * near-namesake nobody asked looks just like this, so such a fit alone asks a person.
   */
  approximate?: 'spelling' | 'part';
}

// Scores at or above this are worth a click's support; below it the name alone says nothing.
export const SUPPORTABLE_NAME_SCORE = 0.3;

/** nameWords are the name's words with adjacent pairs joined; plainWords the words alone. */
function bestFit(
  reviewWords: string[],
  candidates: string[],
  plainWords: string[],
  given: boolean,
  skip?: string,
): { fit: WordFit; word?: string; name?: string } {
  let best: { fit: WordFit; word?: string; name?: string } = { fit: 'none' };
  // Initials of a given name of several words: "JF" for Jean-François.
  const initials = given && plainWords.length > 1 ? plainWords.map((w) => w[0]).join('') : '';
  for (const word of reviewWords) {
    if (word === skip) continue;
    if (initials && word === initials && FIT_SCORE.initial > FIT_SCORE[best.fit]) best = { fit: 'initial', word };
    for (const name of candidates) {
      const fit = wordFit(word, name, given);
      if (FIT_SCORE[fit] > FIT_SCORE[best.fit]) best = { fit, word, name };
      if (best.fit === 'exact') return best;
    }
  }
  return best;
}

function handleEvidence(handle: string, customer: CustomerName): NameEvidence | null {
  const first = customer.first.join('');
  const last = customer.last.join('');
  // An email local part that is only a first or family name says little about who it is.
  if (customer.emailLocal && handle === customer.emailLocal && handle !== first && handle !== last) {
    return { score: 0.95, first: 'exact', last: 'exact', conflict: false, handle: 'email' };
  }
  if (first && last && (handle.includes(first + last) || handle.includes(last + first))) {
    return { score: 0.9, first: 'exact', last: 'exact', conflict: false, handle: 'full' };
  }
  // A short form with the family name: "bobsmith" for Robert Smith, "smithliz" for Elizabeth Smith.
  if (first && last.length >= 3 && handle.length > last.length + 1) {
    const given = handle.startsWith(last) ? handle.slice(last.length) : handle.endsWith(last) ? handle.slice(0, -last.length) : '';
    if (given.length >= 3 && customer.first.some((name) => areNicknames(given, name))) {
      return { score: 0.85, first: 'nickname', last: 'exact', conflict: false, handle: 'full' };
    }
  }
  if (first && last && handle.length >= 4 && (handle === first[0] + last || handle === last + first[0] || handle === first + last[0])) {
    return { score: 0.75, first: 'initial', last: 'exact', conflict: false, handle: 'partial' };
  }
  return null;
}

/**
 * How well a reviewer's display name fits a customer, 0 to 1, with the reasons. Full names score
 * near 1; a first name with a surname initial about 0.8; one name alone about 0.5; a clashing
 * family name (or given name) pulls the score down, since it most likely names someone else.
 */
export function nameScore(review: ReviewerName, customer: CustomerName): NameEvidence {
  if (review.handle) {
    const byHandle = handleEvidence(review.handle, customer);
    if (byHandle) return byHandle;
  }
  const givenMatch = bestFit(review.words, customer.firstWords, customer.first, true);
  const familyMatch = bestFit(review.words, customer.lastWords, customer.last, false, givenMatch.word);
  const first = givenMatch.fit;
  let last = familyMatch.fit;
  const full = (f: WordFit) => f === 'exact' || f === 'nickname' || f === 'typo' || f === 'part';
  // A word matched in another spelling (陈 read as Chan) stands for its token.
  const givenToken = givenMatch.word && (review.spellingOf.get(givenMatch.word) ?? givenMatch.word);
  const familyToken = familyMatch.word && (review.spellingOf.get(familyMatch.word) ?? familyMatch.word);
  // Words that fit neither name: a second family name or given name that is someone else's.
  const leftovers = review.tokens.filter(
    (t) => t.length > 1 && t !== givenToken && t !== familyToken && !customer.first.includes(t) && !customer.last.includes(t),
  );
  // The given name fits, but of a family name of several words only one does, and the review has a
  // word of its own beside them ("Anna van Dijk" for Anna van der Berg, "Ana Garcia Ruiz" for Ana
  // Garcia Lopez): most likely another family.
  const wholeFamily = customer.last.join('');
  const partOfFamily = customer.last.length > 1 && familyMatch.name !== wholeFamily && !review.words.includes(wholeFamily);
  if (full(first) && last === 'exact' && partOfFamily && leftovers.length > 0) last = 'part';
  const conflict = leftovers.length > 0 && (!(full(first) && full(last)) || last === 'part');

  // A first name with an initial fits many people: on its own it asks a person, not the matcher.
  let score: number;
  if (full(first) && full(last)) score = (FIT_SCORE[first] + FIT_SCORE[last]) / 2;
  else if (full(first) && last === 'initial') score = 0.68 * FIT_SCORE[first];
  else if (first === 'initial' && full(last)) score = 0.66 * FIT_SCORE[last];
  else if (full(first)) score = conflict ? 0.3 : 0.5 * FIT_SCORE[first];
  else if (full(last)) score = conflict ? 0.3 : 0.42 * FIT_SCORE[last];
  else score = 0;
  const evidence: NameEvidence = { score, first, last, conflict };
  if (full(first) && full(last) && position(review, givenToken!) > position(review, familyToken!)) evidence.reversed = true;
  if (last === 'typo') evidence.approximate = 'spelling';
  else if (last === 'part') evidence.approximate = 'part';
  return evidence;
}

/** Where a word (a token, or adjacent tokens joined) starts in the review's name. */
function position(review: ReviewerName, word: string): number {
  const { tokens } = review;
  const at = tokens.indexOf(word);
  if (at >= 0) return at;
  return tokens.findIndex((t, i) => t + (tokens[i + 1] ?? '') === word || t + (tokens[i + 1] ?? '') + (tokens[i + 2] ?? '') === word);
}
