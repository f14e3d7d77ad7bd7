import { Client, newWorkspace } from './client.ts';
import { underSuiteLoad } from './deadlines.ts';

// HighLevel-style deliveries for the CRM webhook crash tests (INTEGRATIONS.md "HighLevel (CRM)"):
// a burst of concurrent POSTs, the CRM's retries, and what the product stored for each delivery, all
// through the product's HTTP API only.

/** 60 customers whose first and last names share no word, prefix or nickname with another's. */
const FIRST_NAMES = [
  'Aaron',
  'Abigail',
  'Adrian',
  'Agnes',
  'Alice',
  'Amber',
  'Angus',
  'Anita',
  'Arthur',
  'Beatrice',
  'Bernard',
  'Bianca',
  'Boris',
  'Brenda',
  'Caleb',
  'Camilla',
  'Cedric',
  'Chloe',
  'Clara',
  'Colin',
  'Daphne',
  'Declan',
  'Delia',
  'Dennis',
  'Dorothy',
  'Duncan',
  'Edgar',
  'Eileen',
  'Elliot',
  'Esther',
  'Felix',
  'Fiona',
  'Florence',
  'Gareth',
  'Gemma',
  'Gideon',
  'Gloria',
  'Gordon',
  'Greta',
  'Hamish',
  'Harriet',
  'Hector',
  'Helga',
  'Hugo',
  'Ingrid',
  'Irene',
  'Isaac',
  'Ivan',
  'Jasper',
  'Jolene',
  'Judith',
  'Kendra',
  'Lionel',
  'Lorna',
  'Magnus',
  'Matilda',
  'Miriam',
  'Nadia',
  'Oscar',
  'Petra',
];
const LAST_NAMES = [
  'Abbott',
  'Ainsley',
  'Alcott',
  'Archer',
  'Ashby',
  'Atwood',
  'Bancroft',
  'Barlow',
  'Beckett',
  'Bellamy',
  'Blackwood',
  'Bramley',
  'Calloway',
  'Carver',
  'Chandler',
  'Chilton',
  'Copeland',
  'Crowther',
  'Dalton',
  'Darby',
  'Delaney',
  'Dunmore',
  'Durham',
  'Eastwood',
  'Ellery',
  'Emerson',
  'Everett',
  'Fairfax',
  'Farrow',
  'Fenwick',
  'Fletcher',
  'Garland',
  'Gilmore',
  'Goodwin',
  'Grayson',
  'Hadley',
  'Hargrove',
  'Harcourt',
  'Hawthorne',
  'Hensley',
  'Holloway',
  'Hutton',
  'Ingram',
  'Irving',
  'Jarvis',
  'Jennings',
  'Keating',
  'Knox',
  'Kingsley',
  'Lacey',
  'Langford',
  'Lockhart',
  'Lyndon',
  'Maddox',
  'Marlowe',
  'Merritt',
  'Mayfield',
  'Mortimer',
  'Northcott',
  'Osborne',
];
/** Reviewers who are nobody's customer: invented words that no customer name comes near. */
const STRANGER_FIRST = ['Quorvin', 'Zelphar', 'Yrsinda', 'Vandrex', 'Wyxomir', 'Quiltash', 'Zorvath', 'Yvrelle', 'Vostrik', 'Wendrax'];
const STRANGER_LAST = [
  'Quabbleton',
  'Zarnwick',
  'Yorrimax',
  'Voltharn',
  'Wuxley',
  'Qzentor',
  'Zimbrath',
  'Yulvane',
  'Vexmoor',
  'Wrathby',
  'Quolmere',
  'Zandovar',
  'Yestrik',
  'Vorquell',
];

export interface Customer {
  firstName: string;
  lastName: string;
  email: string;
}

export function customers(count: number): Customer[] {
  if (count > FIRST_NAMES.length) throw new Error(`At most ${FIRST_NAMES.length} customers`);
  return Array.from({ length: count }, (_, i) => ({
    firstName: FIRST_NAMES[i]!,
    lastName: LAST_NAMES[i]!,
    email: `cust${i + 1}@example.test`,
  }));
}

export interface Delivery {
  /** Also the review text, so every stored row names its delivery. */
  key: string;
  webhookId: string;
  reviewId: string;
  reviewerName: string;
  /** The customer this review names (it should be auto-matched to that request), or null. */
  customer: string | null;
  body: string;
}

export const customerName = (c: Customer) => `${c.firstName} ${c.lastName}`;

/**
 * `total` deliveries as a HighLevel workflow sends them (webhookId, review fields at the top level,
 * rating 5, createdAt now). `named.length` of them, spread evenly through the list, name one customer
 * each; the others name nobody. `tag` keeps the ids of two runs apart.
 */
export function buildDeliveries(total: number, named: Customer[], tag: string): Delivery[] {
  const createdAt = new Date().toISOString();
  let strangers = 0;
  return Array.from({ length: total }, (_, i) => {
    const key = `${tag}-d${String(i + 1).padStart(3, '0')}`;
    const customer = (i * named.length) % total < named.length ? named[Math.floor((i * named.length) / total)]! : null;
    let reviewerName: string;
    if (customer) reviewerName = customerName(customer);
    else {
      reviewerName = `${STRANGER_FIRST[strangers % STRANGER_FIRST.length]} ${STRANGER_LAST[Math.floor(strangers / STRANGER_FIRST.length) % STRANGER_LAST.length]}`;
      strangers += 1;
    }
    const webhookId = `wh-${key}`;
    const reviewId = `rv-${key}`;
    const body = JSON.stringify({
      type: 'ReviewReceived',
      timestamp: createdAt,
      webhookId,
      reviewId,
      reviewerName,
      rating: 5,
      reviewText: `Crash test delivery ${key}`,
      source: 'google',
      createdAt,
    });
    return { key, webhookId, reviewId, reviewerName, customer: customer ? customerName(customer) : null, body };
  });
}

/**
 * How long a delivery waits for its answer. A burst of 200 at one embedded database answers its last
 * deliveries after all the others, and with the suite beside it 18 of them waited past 20 s
 * (fresh-clone run 16). These tests count what is lost, not how fast (that is bench:ingest's), so the
 * wait allows the suite's load; a killed server's connections fail at once whatever it is.
 */
const ANSWER_WAIT_MS = underSuiteLoad(6_000);

/** POSTs one delivery; a status, or null when no answer came (connection refused or cut). */
export async function deliver(url: string, body: string, timeoutMs = ANSWER_WAIT_MS): Promise<number | null> {
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return null;
  }
}

export const is2xx = (status: number | null) => status !== null && status >= 200 && status < 300;

/** What happened to each delivery, over the burst and every retry. */
export class DeliveryLog {
  readonly answers = new Map<string, (number | null)[]>();

  record(key: string, status: number | null) {
    const list = this.answers.get(key) ?? [];
    list.push(status);
    this.answers.set(key, list);
  }
  everAcknowledged(key: string) {
    return (this.answers.get(key) ?? []).some(is2xx);
  }
  last(key: string) {
    return (this.answers.get(key) ?? []).at(-1) ?? null;
  }
}

export interface BurstProgress {
  /** POSTs answered 2xx so far. */
  acknowledged: number;
  /** POSTs answered at all so far. */
  answered: number;
}

/**
 * Fires every delivery at once (delivery i to targets[i % targets.length]) and calls `onAnswer`
 * after each answer, so the caller can kill a server mid-burst. Resolves when every POST has an
 * answer or failed.
 */
export async function burst(deliveries: Delivery[], targets: string[], log: DeliveryLog, onAnswer: (progress: BurstProgress) => void = () => {}) {
  const progress: BurstProgress = { acknowledged: 0, answered: 0 };
  await Promise.all(
    deliveries.map(async (d, i) => {
      const status = await deliver(targets[i % targets.length]!, d.body);
      log.record(d.key, status);
      if (status === null) return;
      progress.answered += 1;
      if (is2xx(status)) progress.acknowledged += 1;
      onAnswer(progress);
    }),
  );
  return progress;
}

/**
 * The CRM's retries: every delivery again (acknowledged ones too: a duplicate must change nothing),
 * `concurrency` at a time, delivery i to targets[(i + shift) % targets.length]; then those whose last
 * answer was not a 2xx again, up to `rounds` times.
 */
export async function replay(deliveries: Delivery[], targets: string[], log: DeliveryLog, { concurrency = 20, rounds = 4, shift = 1 } = {}) {
  let pending = deliveries.map((d, i) => ({ d, i }));
  for (let round = 0; round < rounds && pending.length > 0; round++) {
    const queue = [...pending];
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          log.record(next.d.key, await deliver(targets[(next.i + shift + round) % targets.length]!, next.d.body));
        }
      }),
    );
    pending = pending.filter(({ d }) => !is2xx(log.last(d.key)));
    if (pending.length > 0) await new Promise((r) => setTimeout(r, 500));
  }
  return pending.map(({ d }) => d);
}

/** A workspace on the team plan, signed in as admin, with one team and one template. */
export async function adminWorkspace(baseUrl: string) {
  const workspace = newWorkspace();
  const client = new Client(baseUrl);
  const registered = await client.post('/api/register', workspace);
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.text}`);
  const admin = await client.post('/api/auth/admin', { password: workspace.adminPassword });
  if (admin.status !== 200) throw new Error(`admin sign-in: ${admin.status} ${admin.text}`);
  const team = await client.post('/api/teams', { name: 'Front Desk' });
  if (team.status !== 201 && team.status !== 200) throw new Error(`team: ${team.status} ${team.text}`);
  const template = await client.post('/api/email-templates', {
    name: 'Thank you',
    subject: 'How did we do, {firstName}?',
    htmlContent: '<p>Hi {firstName}, thanks for visiting.</p>',
    phoneScript: null,
    isActive: true,
  });
  if (template.status !== 201) throw new Error(`template: ${template.status} ${template.text}`);
  const hook = await client.get('/api/admin/crm-webhook');
  if (hook.status !== 200) throw new Error(`webhook URL: ${hook.status} ${hook.text}`);
  return { workspace, client, teamId: team.json.id as number, templateId: template.json.id as number, webhookPath: new URL(hook.json.url).pathname };
}

/** Logs one review request per customer through POST /api/review-requests; their ids by customer name. */
export async function logRequests(client: Client, teamId: number, templateId: number, list: Customer[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const c of list) {
    const res = await client.post('/api/review-requests', {
      staffFirstName: 'Tom',
      staffEmail: 'tom@example.test',
      teamId,
      email: c.email,
      firstName: c.firstName,
      lastName: c.lastName,
      templateId,
      customEmailSubject: '',
      customEmailContent: '',
    });
    if (res.status !== 201) throw new Error(`log request: ${res.status} ${res.text}`);
    ids.set(customerName(c), res.json.request.id as number);
  }
  return ids;
}

/** GET /api/admin/google-reviews: every review of the workspace, as the admin table lists them. */
export interface AdminReviewRow {
  id: number;
  source: string;
  reviewerName: string | null;
  comment: string | null;
  matchStatus: string;
  requestId: number | null;
  customerName: string | null;
}

export async function adminReviews(client: Client): Promise<AdminReviewRow[]> {
  const res = await client.get('/api/admin/google-reviews');
  if (res.status !== 200) throw new Error(`admin reviews: ${res.status} ${res.text}`);
  return res.json as AdminReviewRow[];
}

export interface Verdict {
  deliveries: number;
  acknowledged: number;
  neverAcknowledged: string[];
  /** Deliveries a running server refused (4xx/5xx): HighLevel never retries those, so each is a lost review. */
  refused: string[];
  storedOnce: number;
  lost: string[];
  duplicated: string[];
  unmatchedButShouldMatch: string[];
  wronglyMatched: string[];
  unexpectedRows: number;
  summary: string;
}

/**
 * Compares what was stored with what the CRM was told: every delivery ever answered 2xx stored
 * exactly once (its review text names it), matched to the request of the customer it names
 * (auto_matched), or unmatched when it names nobody.
 */
export function judge(deliveries: Delivery[], log: DeliveryLog, rows: AdminReviewRow[], requestIds: Map<string, number>): Verdict {
  const byKey = new Map<string, AdminReviewRow[]>();
  for (const row of rows) {
    const key = /^Crash test delivery (\S+)$/.exec(row.comment ?? '')?.[1];
    if (!key) continue;
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  const known = new Set(deliveries.map((d) => d.key));
  const unexpectedRows = rows.filter((r) => !known.has(/^Crash test delivery (\S+)$/.exec(r.comment ?? '')?.[1] ?? '')).length;
  const v: Verdict = {
    deliveries: deliveries.length,
    acknowledged: 0,
    neverAcknowledged: [],
    refused: [],
    storedOnce: 0,
    lost: [],
    duplicated: [],
    unmatchedButShouldMatch: [],
    wronglyMatched: [],
    unexpectedRows,
    summary: '',
  };
  for (const d of deliveries) {
    const stored = byKey.get(d.key) ?? [];
    const acknowledged = log.everAcknowledged(d.key);
    if (acknowledged) v.acknowledged += 1;
    else v.neverAcknowledged.push(`${d.key} (${JSON.stringify(log.answers.get(d.key) ?? [])})`);
    if ((log.answers.get(d.key) ?? []).some((s) => s !== null && !is2xx(s))) v.refused.push(`${d.key} (${JSON.stringify(log.answers.get(d.key))})`);
    if (stored.length === 1) v.storedOnce += 1;
    if (stored.length > 1) v.duplicated.push(`${d.key} x${stored.length}`);
    if (stored.length === 0) {
      if (acknowledged) v.lost.push(`${d.key} (answers ${JSON.stringify(log.answers.get(d.key))})`);
      continue;
    }
    const row = stored[0]!;
    if (d.customer) {
      const want = requestIds.get(d.customer);
      if (row.matchStatus !== 'auto_matched' || row.requestId !== want) {
        v.unmatchedButShouldMatch.push(`${d.key} "${d.reviewerName}": ${row.matchStatus} request ${row.requestId} (want auto_matched ${want})`);
      }
    } else if (row.matchStatus !== 'unmatched' || row.requestId !== null) {
      v.wronglyMatched.push(`${d.key} "${d.reviewerName}": ${row.matchStatus} request ${row.requestId} (want unmatched)`);
    }
  }
  const list = (name: string, items: string[]) =>
    `${name}: ${items.length}${items.length ? ` [${items.slice(0, 8).join('; ')}${items.length > 8 ? '; ...' : ''}]` : ''}`;
  v.summary = [
    `deliveries ${v.deliveries}, acknowledged (ever 2xx) ${v.acknowledged}, stored exactly once ${v.storedOnce}, review rows ${rows.length}`,
    list('lost (2xx but no review)', v.lost),
    list('duplicated', v.duplicated),
    list('unmatched but should match', v.unmatchedButShouldMatch),
    list('matched but should not', v.wronglyMatched),
    list('refused by a running server (4xx/5xx)', v.refused),
    list('never acknowledged', v.neverAcknowledged),
    `rows naming no delivery: ${v.unexpectedRows}`,
  ].join('\n');
  return v;
}

/** The counts the tests assert are all zero (NO_PROBLEMS); a failure prints the verdict's summary. */
export function problems(v: Verdict) {
  return {
    lost: v.lost.length,
    duplicated: v.duplicated.length,
    unmatchedButShouldMatch: v.unmatchedButShouldMatch.length,
    wronglyMatched: v.wronglyMatched.length,
    neverAcknowledged: v.neverAcknowledged.length,
    refused: v.refused.length,
    unexpectedRows: v.unexpectedRows,
  };
}

export const NO_PROBLEMS = { lost: 0, duplicated: 0, unmatchedButShouldMatch: 0, wronglyMatched: 0, neverAcknowledged: 0, refused: 0, unexpectedRows: 0 };
