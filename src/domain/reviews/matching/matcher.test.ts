import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jaroWinkler } from './jaro-winkler.ts';
import { MATCH_KEYS_VERSION, matchLookup, matchReview, matchReviews, requestMatchKeys, RequestIndex, timeFactor, type OpenRequest } from './matcher.ts';
import { nameScore } from './name-score.ts';
import { areNicknames } from './nicknames.ts';
import { parseCustomer, parseReviewerName } from './normalize.ts';

const DAY = 24 * 60 * 60 * 1000;
const t0 = new Date('2026-03-02T09:00:00Z').getTime();

let nextId = 1;
function request(firstName: string, lastName: string, extra: Partial<OpenRequest> = {}): OpenRequest {
  const id = nextId++;
  return { id, firstName, lastName, email: `${firstName}.${lastName}@example.com`.toLowerCase(), createdAt: new Date(t0), clickedAt: null, ...extra };
}
const at = (offsetMs: number) => new Date(t0 + offsetMs);
const match = (reviewerName: string | null, requests: OpenRequest[], offsetMs = DAY) =>
  matchReview({ reviewerName, createTime: at(offsetMs) }, new RequestIndex(requests));
const score = (reviewer: string, first: string, last: string, email = '') => nameScore(parseReviewerName(reviewer)!, parseCustomer(first, last, email)).score;

describe('reading names', () => {
  it('folds case and accents and drops titles, brackets, emoji and account words', () => {
    expect(parseReviewerName('Dr Zoë  O’Brien-Smith (Mum of Jack) ✨')?.tokens).toEqual(['zoe', 'obrien', 'smith']);
    expect(parseReviewerName('The Nguyen Family')?.tokens).toEqual(['nguyen']);
    expect(parseReviewerName('A Google User')).toBeNull();
    expect(parseReviewerName('')).toBeNull();
  });

  it('reads an email-like display name as a handle', () => {
    expect(parseReviewerName('sarah.kim84')?.handle).toBe('sarahkim');
    expect(parseCustomer('Sarah', 'Kim', 'Sarah.Kim84@gmail.com').emailLocal).toBe('sarahkim');
  });

  it('knows nicknames, shared short forms and typos apart from other names', () => {
    expect(areNicknames('bob', 'robert')).toBe(true);
    expect(areNicknames('liz', 'elizabeth')).toBe(true);
    expect(areNicknames('geoffrey', 'jeffrey')).toBe(true);
    expect(areNicknames('bob', 'elizabeth')).toBe(false);
    expect(jaroWinkler('kathryn', 'katherine')).toBeGreaterThan(0.9);
    expect(jaroWinkler('smith', 'nguyen')).toBeLessThan(0.5);
  });
});

describe('name similarity', () => {
  it('ranks a full name above a first name with an initial, above a first name alone', () => {
    const full = score('Sarah Kim', 'Sarah', 'Kim');
    const initial = score('Sarah K.', 'Sarah', 'Kim');
    const firstOnly = score('Sarah', 'Sarah', 'Kim');
    expect(full).toBe(1);
    expect(initial).toBeLessThan(full);
    expect(firstOnly).toBeLessThan(initial);
    expect(score('S. Kim', 'Sarah', 'Kim')).toBeGreaterThan(firstOnly);
  });

  it('handles reversed order, nicknames, accents, extra words and joined surnames', () => {
    expect(score('Zhang Wei', 'Wei', 'Zhang')).toBe(1);
    expect(score('Bob Smith', 'Robert', 'Smith')).toBeGreaterThan(0.9);
    expect(score('Jose Garcia', 'José', 'García')).toBe(1);
    expect(score('Sarah Jane Kim', 'Sarah', 'Kim')).toBe(1);
    expect(score('Tess Delacruz', 'Ma. Theresa', 'Dela Cruz')).toBeGreaterThan(0.9);
    expect(score('JF Tremblay', 'Jean-François', 'Tremblay')).toBeGreaterThan(0.5);
    expect(score('sarahkim84', 'Sarah', 'Kim', 'sarah.kim84@gmail.com')).toBeGreaterThan(0.9);
  });

  it('treats a clashing family name as someone else', () => {
    expect(score('Sarah King', 'Sarah', 'Kim')).toBeLessThan(0.4);
    expect(score('Tom Harrison', 'Tom', 'Harris')).toBeLessThan(0.4);
    expect(score('David Jones', 'Sarah', 'Kim')).toBe(0);
  });
});

describe('matchReview', () => {
  it('auto-matches a full name soon after the request', () => {
    const sarah = request('Sarah', 'Kim');
    const result = match('Sarah Kim', [sarah, request('David', 'Jones')]);
    expect(result).toMatchObject({ status: 'auto_matched', requestId: sarah.id });
    expect(result.confidence).toBeGreaterThanOrEqual(90);
  });

  it('never matches a request logged after the review', () => {
    const later = request('Sarah', 'Kim', { createdAt: at(2 * DAY) });
    expect(match('Sarah Kim', [later], DAY).status).toBe('unmatched');
  });

  it('asks a person when two requests fit equally well', () => {
    const a = request('John', 'Smith');
    const b = request('Jon', 'Smyth');
    const result = match('John S.', [a, b]);
    expect(result.status).toBe('needs_review');
    expect(result.confidence).toBeLessThan(70);
  });

  it('asks a person about a first name alone, and leaves an unrelated name unmatched', () => {
    expect(match('Sarah', [request('Sarah', 'Kim')]).status).toBe('needs_review');
    expect(match('Bartholomew Quince', [request('Sarah', 'Kim')]).status).toBe('unmatched');
    expect(match(null, [request('Sarah', 'Kim')]).status).toBe('unmatched');
  });

  it('raises confidence when the tracked link was clicked just before the review', () => {
    const plain = match('Sarah K.', [request('Sarah', 'Kim')]);
    const clicked = match('Sarah K.', [request('Sarah', 'Kim', { clickedAt: at(DAY - 10 * 60 * 1000) })]);
    expect(clicked.confidence).toBeGreaterThan(plain.confidence);
    expect(clicked.status).toBe('auto_matched');
    expect(plain.status).toBe('needs_review');
  });

  it('lets confidence fall as weeks pass', () => {
    expect(timeFactor(3)).toBe(1);
    expect(timeFactor(40)).toBeLessThan(1);
    expect(timeFactor(120)).toBeLessThan(timeFactor(40));
    const old = match('Sarah Kim', [request('Sarah', 'Kim')], 150 * DAY);
    expect(old.confidence).toBeLessThan(match('Sarah Kim', [request('Sarah', 'Kim')]).confidence);
  });

  it('finds a name through its other spellings and joined particles', () => {
    const muhammad = request('Muhammad', 'Alrashid');
    expect(match('Mohammed Al-Rashid', [muhammad])).toMatchObject({ status: 'auto_matched', requestId: muhammad.id });
  });

  it('suggests the one request whose link was opened just before an anonymous review', () => {
    const clicked = request('Sarah', 'Kim', { clickedAt: at(DAY - 20 * 60 * 1000) });
    const other = request('Tom', 'Lee');
    expect(match('A Google User', [clicked, other])).toMatchObject({ status: 'needs_review', requestId: clicked.id, confidence: 45 });
    const alsoClicked = request('Ana', 'Silva', { clickedAt: at(DAY - 30 * 60 * 1000) });
    expect(match(null, [clicked, alsoClicked]).status).toBe('unmatched');
    expect(match(null, [request('Sarah', 'Kim', { clickedAt: at(DAY - 5 * 60 * 60 * 1000) })]).status).toBe('unmatched');
  });

  it('records its evidence', () => {
    const result = match('Bob Smith', [request('Robert', 'Smith', { clickedAt: at(DAY - 60_000) })]);
    if (result.status === 'unmatched') throw new Error('expected a match');
    expect(result.evidence.name).toMatchObject({ first: 'nickname', last: 'exact' });
    expect(result.evidence.clicked).toBe(true);
    expect(result.evidence.daysAfterRequest).toBe(1);
  });
});

describe('names written in another script', () => {
  it('reads Chinese characters as pinyin, family name last, with the spellings used abroad', () => {
    expect(score('刘静', 'Jing', 'Liu')).toBe(1);
    expect(score('陈伟', 'Wei', 'Chan')).toBe(1);
    expect(score('陈伟', 'Wei', 'Wong')).toBeLessThan(0.4);
    const jing = request('Jing', 'Liu', { createdAt: at(-3 * 60 * 60 * 1000) });
    expect(match('刘静', [jing, request('Jing', 'Wang')], 0)).toMatchObject({ status: 'auto_matched', requestId: jing.id });
  });

  it('reads Korean Hangul, Cyrillic and Greek', () => {
    expect(score('이승훈', 'Seunghoon', 'Lee')).toBe(1);
    expect(score('김지훈', 'Ji-hoon', 'Kim')).toBe(1);
    expect(score('Дмитрий Иванов', 'Dmitry', 'Ivanov')).toBe(1);
    expect(score('Χρήστος Παπαδόπουλος', 'Christos', 'Papadopoulos')).toBe(1);
    expect(score('Дмитрий Иванов', 'Dmitry', 'Petrov')).toBeLessThan(0.4);
  });
});

describe('names staff type in their own script', () => {
  it('reads the first-name field as a given name, even where its first character could be a family name', () => {
    expect(parseCustomer('민준', '최', '')).toMatchObject({ first: ['minjun'], last: ['choi'] });
    expect(parseCustomer('文华', '李', '')).toMatchObject({ first: ['wenhua'], last: ['li'] });
    // The whole name typed as the first name is still read as family and given name.
    expect(parseCustomer('최민준', '', '').first).toEqual(['minjun', 'choi']);
    const minjun = request('민준', '최', { createdAt: at(-2 * DAY) });
    expect(match('최민준', [minjun])).toMatchObject({ status: 'auto_matched', requestId: minjun.id, confidence: 100 });
  });
});

describe('name forms', () => {
  it('compares spellings that differ in how the first sound is written', () => {
    expect(score('Kristina Novak', 'Christina', 'Novak')).toBeGreaterThan(0.85);
    expect(score('Kaitlyn Moore', 'Caitlin', 'Moore')).toBeGreaterThan(0.85);
    expect(score('Filip Kohen', 'Philip', 'Cohen')).toBeGreaterThan(0.85);
    expect(score('Karen Moore', 'Sharon', 'Moore')).toBeLessThan(0.4);
  });

  it('joins a family name of three words', () => {
    expect(score('Anna Vanderberg', 'Anna', 'van der Berg')).toBe(1);
  });

  it('knows more everyday short forms', () => {
    expect(areNicknames('lachie', 'lachlan')).toBe(true);
    expect(areNicknames('terry', 'terence')).toBe(true);
    expect(areNicknames('reggie', 'reginald')).toBe(true);
    expect(areNicknames('tilly', 'matilda')).toBe(true);
  });

  it('keeps apart different names that only share a short form', () => {
    expect(areNicknames('geoffrey', 'jeffrey')).toBe(true);
    expect(areNicknames('albert', 'robert')).toBe(false);
    expect(areNicknames('richard', 'patrick')).toBe(false);
    expect(areNicknames('samuel', 'samantha')).toBe(false);
    expect(areNicknames('john', 'nathan')).toBe(false);
  });

  it('reads a handle of a short form and a family name, and not a plain name as one', () => {
    const robert = request('Robert', 'Smith', { email: 'rsmith@example.com' });
    expect(match('bobsmith77', [robert, request('Sarah', 'Kim')])).toMatchObject({ status: 'auto_matched', requestId: robert.id });
    // "Malcolm" is a name, not Mal C.
    expect(match('Malcolm', [request('Mal', 'Cabrera')]).status).not.toBe('auto_matched');
  });
});

describe('ties and clicks', () => {
  it('prefers the request that has the name in the order written, then the most recent', () => {
    const wangLi = request('Wang', 'Li', { createdAt: at(-DAY) });
    const liWang = request('Li', 'Wang');
    expect(match('Wang Li', [wangLi, liWang])).toMatchObject({ status: 'needs_review', requestId: wangLi.id });
    expect(match('Li Wang', [wangLi, liWang])).toMatchObject({ status: 'needs_review', requestId: liWang.id });
  });

  it('gives no weight to a click weeks before the review', () => {
    const stale = request('Rhona', 'Munro', { createdAt: at(-27 * DAY), clickedAt: at(-25 * DAY) });
    const fresh = request('Rhona', 'Stewart', { createdAt: at(DAY - 3 * 60 * 60 * 1000) });
    expect(match('Rhona', [stale, fresh])).toMatchObject({ status: 'needs_review', requestId: fresh.id });
  });

  it('suggests the one request whose link was opened just before a review under a name that fits no one', () => {
    const clicked = request('Jessica', 'Park', { clickedAt: at(DAY - 15 * 60 * 1000) });
    const result = match('Lakeshore Yoga Studio', [clicked, request('Tom', 'Lee')]);
    expect(result).toMatchObject({ status: 'needs_review', requestId: clicked.id, confidence: 40 });
    const alsoClicked = request('Ana', 'Silva', { clickedAt: at(DAY - 30 * 60 * 1000) });
    expect(match('Lakeshore Yoga Studio', [clicked, alsoClicked]).status).toBe('unmatched');
  });
});

describe('a name that fits only nearly (decision 069)', () => {
  it('asks a person about a family name spelt differently, unless a click or the time backs it', () => {
    const createdAt = at(-10 * DAY);
    expect(nameScore(parseReviewerName('Jack Mackenzie')!, parseCustomer('Jack', 'McKenzie', ''))).toMatchObject({ last: 'typo', approximate: 'spelling' });
    // Ten days after the request, nothing but the name: someone else of nearly that name is as likely.
    const alone = match('Jack Mackenzie', [request('Jack', 'McKenzie', { createdAt })]);
    expect(alone).toMatchObject({ status: 'needs_review', confidence: 69 });
    // The link opened an hour before the review, or the review within a day of the request: matched.
    const clicked = request('Jack', 'McKenzie', { createdAt, clickedAt: at(DAY - 60 * 60 * 1000) });
    expect(match('Jack Mackenzie', [clicked])).toMatchObject({ status: 'auto_matched', requestId: clicked.id });
    const fresh = request('Jack', 'McKenzie', { createdAt: at(DAY - 5 * 60 * 60 * 1000) });
    expect(match('Jack Mackenzie', [fresh])).toMatchObject({ status: 'auto_matched', requestId: fresh.id });
    // A click a week old is no sign today.
    expect(match('Jack Mackenzie', [request('Jack', 'McKenzie', { createdAt, clickedAt: at(-6 * DAY) })]).status).toBe('needs_review');
  });

  it('asks a person when only one word of a family name of several fits and another word stands beside it', () => {
    const createdAt = at(-10 * DAY);
    expect(nameScore(parseReviewerName('Ana Garcia Ruiz')!, parseCustomer('Ana', 'Garcia Lopez', ''))).toMatchObject({
      last: 'part',
      conflict: true,
      approximate: 'part',
    });
    expect(match('Ana Garcia Ruiz', [request('Ana', 'Garcia Lopez', { createdAt })])).toMatchObject({ status: 'needs_review', confidence: 69 });
    expect(match('Anna van Dijk', [request('Anna', 'van der Berg', { createdAt })]).status).toBe('needs_review');
    // With the link opened just before, it is matched; and the family of that name is preferred to it.
    const clicked = request('Ana', 'Garcia Lopez', { createdAt, clickedAt: at(DAY - 30 * 60 * 1000) });
    expect(match('Ana Garcia Ruiz', [clicked])).toMatchObject({ status: 'auto_matched', requestId: clicked.id });
    const ruiz = request('Ana', 'Garcia Ruiz', { createdAt });
    expect(match('Ana Garcia Ruiz', [request('Ana', 'Garcia Lopez', { createdAt }), ruiz])).toMatchObject({ requestId: ruiz.id });
    // Half of a double family name with nothing else, or the whole of it with a middle name, still fits.
    const garciaLopez = request('Maria', 'Garcia Lopez', { createdAt });
    expect(match('Maria Garcia', [garciaLopez])).toMatchObject({ status: 'auto_matched', requestId: garciaLopez.id });
    const alAmin = request('Muhammad', 'Al-Amin', { createdAt });
    expect(match('Muhammad Ali Al-Amin', [alAmin])).toMatchObject({ status: 'auto_matched', requestId: alAmin.id });
  });

  it('still matches a given name spelt differently beside the right family name by itself', () => {
    const kathryn = request('Kathryn', 'Moore', { createdAt: at(-10 * DAY) });
    expect(match('Katherine Moore', [kathryn])).toMatchObject({ status: 'auto_matched', requestId: kathryn.id });
  });
});

describe('matchReviews', () => {
  it('gives a request at most one review, in the order reviews were written', () => {
    const sarah = request('Sarah', 'Kim');
    const first = { reviewerName: 'Sarah Kim', createTime: at(DAY) };
    const second = { reviewerName: 'Sarah Kim', createTime: at(2 * DAY) };
    const results = matchReviews([second, first], [sarah]);
    expect(results.get(first)).toMatchObject({ status: 'auto_matched', requestId: sarah.id });
    expect(results.get(second)?.status).toBe('unmatched');
  });
});

describe('a phone number', () => {
  const phone = '+61412345678';

  it('matches the request texted to it, whatever the name says, with the reason shown', () => {
    const texted = request('Sarah', 'Kim', { email: '', phone });
    const other = request('Sarah', 'Kim');
    const result = matchReview({ reviewerName: 'S K', createTime: at(DAY), phone }, new RequestIndex([other, texted]));
    expect(result).toMatchObject({ status: 'auto_matched', requestId: texted.id, confidence: 95, evidence: { phone: true } });
    // A full name that fits as well leaves no doubt.
    expect(matchReview({ reviewerName: 'Sarah Kim', createTime: at(DAY), phone }, new RequestIndex([texted]))).toMatchObject({ confidence: 100 });
    // The same review without the number is a coin toss between the two.
    expect(matchReview({ reviewerName: 'Sarah Kim', createTime: at(DAY) }, new RequestIndex([other, texted])).status).toBe('needs_review');
  });

  it('takes the latest request before the review, never a later one, and finds it through the stored keys', () => {
    const first = request('Tom', 'Ng', { phone, createdAt: at(0) });
    const second = request('Tom', 'Ng', { phone, createdAt: at(2 * DAY) });
    const after = request('Tom', 'Ng', { phone, createdAt: at(9 * DAY) });
    const review = { reviewerName: 'A Google User', createTime: at(3 * DAY), phone };
    expect(matchReview(review, new RequestIndex([first, second, after]))).toMatchObject({ status: 'auto_matched', requestId: second.id });
    expect(requestMatchKeys(second)).toContain(`t:${phone}`);
    expect(matchLookup(review).keys).toContain(`t:${phone}`);
  });

  it('finds nothing for another number, and a taken request takes no second review', () => {
    const texted = request('Lea', 'Wu', { phone });
    expect(matchReview({ reviewerName: null, createTime: at(DAY), phone: '+61498765432' }, new RequestIndex([texted])).status).toBe('unmatched');
    const results = matchReviews(
      [
        { reviewerName: 'Lea Wu', createTime: at(DAY), phone },
        { reviewerName: 'Lea W', createTime: at(2 * DAY), phone },
      ],
      [texted],
    );
    expect([...results.values()].map((r) => r.status)).toEqual(['auto_matched', 'unmatched']);
  });
});

describe('candidate lookup by stored keys', () => {
  interface Labelled {
    requests: { firstName: string; lastName: string; email: string; createdAt: string; clickedAt: string | null }[];
    reviews: { reviewerName: string | null; createTime: string }[];
  }
  const set = JSON.parse(readFileSync(new URL('../../../../tests/fixtures/matching/labelled-set.json', import.meta.url), 'utf8')) as { scenarios: Labelled[] };
  const requestsOf = (scenario: Labelled): OpenRequest[] =>
    scenario.requests.map((r, i) => ({ ...r, id: i + 1, createdAt: new Date(r.createdAt), clickedAt: r.clickedAt ? new Date(r.clickedAt) : null }));

  it('gives every review of the labelled set the verdict it gets against all open requests', () => {
    let compared = 0;
    let narrowed = 0;
    for (const scenario of set.scenarios) {
      const requests = requestsOf(scenario);
      const stored = new Map(requests.map((r) => [r.id, new Set(requestMatchKeys(r))]));
      const everything = new RequestIndex(requests);
      for (const raw of scenario.reviews) {
        const review = { reviewerName: raw.reviewerName, createTime: new Date(raw.createTime) };
        // What the SQL of src/domain/reviews/match-keys.ts selects: a shared key, or a click in the window.
        const lookup = matchLookup(review);
        const candidates = requests.filter(
          (r) =>
            lookup.keys.some((key) => stored.get(r.id)!.has(key)) ||
            (r.clickedAt !== null && r.clickedAt >= lookup.clickedFrom && r.clickedAt <= lookup.clickedTo),
        );
        expect(matchReview(review, new RequestIndex(candidates)), `${raw.reviewerName}`).toEqual(matchReview(review, everything));
        compared++;
        if (candidates.length * 4 < requests.length) narrowed++;
      }
    }
    expect(compared).toBeGreaterThan(500);
    // The point of the keys: most reviews read a small part of the open requests.
    expect(narrowed / compared).toBeGreaterThan(0.9);
  });

  it('asks for a new key version when the keys a name is filed under change', () => {
    const texted = { firstName: 'Ann', lastName: 'Lee', email: '', phone: '+61412345678' };
    // Names typed in their own script (the labelled set has none): 민준 is a given name, 文华 too.
    const ownScript = [
      { firstName: '민준', lastName: '최', email: '' },
      { firstName: '文华', lastName: '李', email: '' },
    ];
    const keys = [...set.scenarios.flatMap((s) => requestsOf(s)), texted, ...ownScript].map((r) => requestMatchKeys(r).sort().join(' '));
    const fingerprint = createHash('sha256').update(keys.join('\n')).digest('hex').slice(0, 16);
    // A new fingerprint means stored keys are out of date: bump MATCH_KEYS_VERSION, then this line.
    expect({ version: MATCH_KEYS_VERSION, fingerprint }).toEqual({ version: 3, fingerprint: '8f6026c20b374d7b' });
  });
});
