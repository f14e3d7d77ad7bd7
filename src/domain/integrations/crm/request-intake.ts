import { createHash, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { and, asc, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { unsafeInput } from '#contracts/json-input.ts';
import { crmRequestIntake, crmRequestSettings, reviewRequests, teams, type CrmUserTeam } from '#platform/db/schema.ts';
import { logRequestRefusal, logReviewRequest, type LogRequestContext } from '#domain/requests/log-request.ts';
import { getTeamInWorkspace } from '#domain/game/teams.ts';
import { getTemplateInWorkspace, listActiveTemplates } from '#domain/requests/templates.ts';
import { logRequestPayload } from '#contracts/payloads.ts';
import { isUnknownTeamName } from '#shared/team-rules.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { findDelivery, recordDelivery } from './delivery-log.ts';
import { requestWebhookUrl } from './webhook.ts';
import { crmWebhookId, readCrmBody } from './payload.ts';
import { signatureProblem, type CrmDelivery } from './receive.ts';
import { readCrmRequest } from './request-payload.ts';
import { readSmsAccount } from '#domain/sms/account.ts';
import { readSmsSettings } from '#domain/sms/sms-settings.ts';
import { mobileE164 } from '#shared/phone.ts';
import type { RequestChannel } from '#shared/statuses.ts';

// HighLevel request intake (decision 041): a workflow's Webhook action posts a contact, and a review
// request is logged for them exactly as the log form does (same validation, same email through the
// outbox and the queue). Every delivery is in the CRM delivery log with its outcome, because
// HighLevel never retries a refusal; a 2xx always means the request is stored.

/** A delivery without HighLevel's webhookId is the same delivery when its key repeats within this time. */
export const REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A claim still pending after this long belongs to a process that died: another delivery may take it. */
const STALE_CLAIM_MS = 10 * 60 * 1000;
/** How long a delivery waits for an identical one being processed before asking HighLevel to retry (429). */
const WAIT_FOR_TWIN_MS = 10_000;

export interface RequestSettings {
  defaultTeamId: number | null;
  templateId: number | null;
  defaultStaffFirstName: string;
  defaultStaffEmail: string;
  userTeams: CrmUserTeam[];
}

const EMPTY_SETTINGS: RequestSettings = { defaultTeamId: null, templateId: null, defaultStaffFirstName: '', defaultStaffEmail: '', userTeams: [] };

export async function requestSettings(db: Db, workspaceId: number): Promise<RequestSettings> {
  const [row] = await db.select().from(crmRequestSettings).where(eq(crmRequestSettings.workspaceId, workspaceId));
  if (!row) return EMPTY_SETTINGS;
  const { defaultTeamId, templateId, defaultStaffFirstName, defaultStaffEmail, userTeams } = row;
  return { defaultTeamId, templateId, defaultStaffFirstName, defaultStaffEmail, userTeams };
}

export type SettingsResult = { ok: true; settings: RequestSettings } | { ok: false; message: string; field: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_USER_TEAMS = 100;

/** An id from a select: a number or its text; empty or null for none. */
const chosenId = (message: string) =>
  z
    .union([z.number({ error: message }), z.string({ error: message }), z.null()], { error: message })
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === '') return null;
      const id = Number(value);
      if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return id;
    });
const shortText = (max: number, message: string) =>
  z
    .string({ error: message })
    .max(max, message)
    .optional()
    .transform((value) => (value ?? '').trim());

const settingsPayload = z.object({
  defaultTeamId: chosenId('Choose one of your teams'),
  templateId: chosenId('Choose one of your templates'),
  defaultStaffFirstName: shortText(100, 'The default staff first name must be text of at most 100 characters'),
  defaultStaffEmail: shortText(254, 'The default staff email must be an email address'),
  userTeams: z
    .array(z.object({ email: shortText(254, 'Each HighLevel user needs an email address'), teamId: chosenId('Choose a team for each HighLevel user') }), {
      error: 'The team per HighLevel user must be a list',
    })
    .max(MAX_USER_TEAMS, `At most ${MAX_USER_TEAMS} HighLevel users can be mapped`)
    .optional()
    .transform((rows) => rows ?? []),
});

/** Checks the admin's mapping (teams and template of this workspace, emails that are emails) and saves it. */
export async function saveRequestSettings(db: Db, workspace: Workspace, input: unknown): Promise<SettingsResult> {
  const parsed = settingsPayload.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: issue?.message ?? 'Invalid settings', field: issue?.path.length ? String(issue.path[0]) : 'body' };
  }
  const { defaultTeamId, templateId, defaultStaffFirstName, defaultStaffEmail } = parsed.data;
  const teamIsUsable = async (teamId: number | null) => {
    if (teamId === null) return true;
    const team = await getTeamInWorkspace(db, workspace.id, teamId);
    return team !== null && !isUnknownTeamName(team.name);
  };
  if (!(await teamIsUsable(defaultTeamId))) return { ok: false, message: 'Choose one of your teams', field: 'defaultTeamId' };
  if (templateId !== null && !(await getTemplateInWorkspace(db, workspace.id, templateId))) {
    return { ok: false, message: 'Choose one of your templates', field: 'templateId' };
  }
  if (defaultStaffEmail && !EMAIL.test(defaultStaffEmail))
    return { ok: false, message: 'The default staff email is not an email address', field: 'defaultStaffEmail' };
  if (defaultStaffEmail && !defaultStaffFirstName) return { ok: false, message: 'Give the default staff member a first name', field: 'defaultStaffFirstName' };
  const userTeams: CrmUserTeam[] = [];
  for (const row of parsed.data.userTeams) {
    const email = row.email.toLowerCase();
    const teamId = row.teamId;
    if (!email && teamId === null) continue;
    if (!EMAIL.test(email)) return { ok: false, message: `"${email}" is not an email address`, field: 'userTeams' };
    if (teamId === null || !(await teamIsUsable(teamId))) return { ok: false, message: `Choose a team for ${email}`, field: 'userTeams' };
    if (userTeams.some((existing) => existing.email === email)) return { ok: false, message: `${email} is mapped twice`, field: 'userTeams' };
    userTeams.push({ email, teamId });
  }
  const settings: RequestSettings = { defaultTeamId, templateId, defaultStaffFirstName, defaultStaffEmail, userTeams };
  await db
    .insert(crmRequestSettings)
    .values({ workspaceId: workspace.id, ...settings, updatedAt: new Date() })
    .onConflictDoUpdate({ target: crmRequestSettings.workspaceId, set: { ...settings, updatedAt: new Date() } });
  return { ok: true, settings };
}

export interface RequestIntakeContext extends LogRequestContext {
  /** HighLevel's key for X-GHL-Signature, when configured. */
  publicKey: KeyObject | undefined;
}

/**
 * How a contact is asked: the workspace's default channel where the contact can be reached that way,
 * else the one way they can (a text needs `phone`, set only when texting is set up and the number is
 * a mobile one); null when neither.
 */
export function crmChannel({ email, phone, defaultChannel }: { email: string; phone: string; defaultChannel: RequestChannel }): RequestChannel | null {
  if (!phone) return email ? 'email' : null;
  if (!email) return 'sms';
  return defaultChannel;
}

export interface RequestOutcome {
  status: 'stored' | 'duplicate' | 'refused';
  httpStatus: number;
  message: string;
  field?: string;
  requestId: number | null;
  emailStatus?: string;
  /** How the contact was asked, and where its text stands, when one was sent. */
  channel?: RequestChannel;
  smsStatus?: string;
}

export function receiveCrmRequest(context: RequestIntakeContext, workspace: Workspace, delivery: CrmDelivery): Promise<RequestOutcome> {
  return handle(context, workspace, delivery);
}

export type RequestAgain = { ok: true; outcome: RequestOutcome } | { ok: false; httpStatus: 404 | 409; message: string };

/** "Process again" for a refused request delivery, once the admin may have fixed its reason (a team chosen, say). */
export async function processRequestDeliveryAgain(context: RequestIntakeContext, workspace: Workspace, id: number): Promise<RequestAgain> {
  const logged = await findDelivery(context.database.db, workspace.id, id);
  if (logged?.kind !== 'request') return { ok: false, httpStatus: 404, message: 'Delivery not found' };
  if (logged.status !== 'refused') return { ok: false, httpStatus: 409, message: 'Only a refused delivery can be processed again' };
  const delivery = { raw: Buffer.from(logged.body), complete: logged.bodyComplete, contentType: logged.contentType, signature: logged.signature };
  return { ok: true, outcome: await handle(context, workspace, delivery, id) };
}

async function handle(context: RequestIntakeContext, workspace: Workspace, delivery: CrmDelivery, loggedId?: number): Promise<RequestOutcome> {
  const { db } = context.database;
  const body = new TextDecoder().decode(delivery.raw);
  const entry = { kind: 'request', contentType: delivery.contentType, signature: delivery.signature, body, bodyComplete: delivery.complete } as const;
  let deliveryKey = `body:${createHash('sha256').update(delivery.raw).digest('hex')}`;
  const log = (status: RequestOutcome['status'], reason: string | null, requestId: number | null) =>
    recordDelivery(db, workspace.id, { ...entry, deliveryKey, status, reason, reviewId: null, requestId }, loggedId);
  const refuse = async (httpStatus: number, message: string, field?: string): Promise<RequestOutcome> => {
    await log('refused', message, null);
    return { status: 'refused', httpStatus, message, ...(field ? { field } : {}), requestId: null };
  };

  if (!delivery.complete) return refuse(413, 'Request body is too large');
  const signatureRefusal = signatureProblem(context.publicKey, delivery);
  if (signatureRefusal) return refuse(401, signatureRefusal);
  const read = readCrmBody(body, delivery.contentType);
  if (!read.ok) return refuse(400, read.message, 'body');
  const unsafe = unsafeInput(read.body);
  if (unsafe) return refuse(400, unsafe.message, unsafe.field);

  const { contact, staff: assigned } = readCrmRequest(read.body);
  const webhookId = crmWebhookId(read.body);
  if (webhookId) deliveryKey = `webhook:${webhookId}`;
  else if (contact.contactId && contact.workflowId) deliveryKey = `contact:${contact.contactId}:workflow:${contact.workflowId}`;

  const settings = await requestSettings(db, workspace.id);
  const staff = assigned ?? (settings.defaultStaffEmail ? { firstName: settings.defaultStaffFirstName, email: settings.defaultStaffEmail } : null);
  if (!staff) {
    return refuse(422, 'The contact has no assigned user with an email, and no default staff member is set in the admin panel', 'staffEmail');
  }
  const mapped = settings.userTeams.find((row) => row.email === staff.email.toLowerCase());
  const teamId = mapped?.teamId ?? settings.defaultTeamId;
  if (teamId === null) return refuse(422, 'No team is chosen for requests from HighLevel: choose one in the admin panel', 'teamId');
  const templateId = await chooseTemplate(db, workspace.id, settings.templateId);
  if (templateId === null) {
    return refuse(422, 'Several email templates are active: choose the one for requests from HighLevel in the admin panel', 'templateId');
  }

  // A contact is asked the way the workspace asks (its default channel) where it can be: by text only
  // with texting set up and a mobile number; by email only with an address (the form's own words).
  const [texting, smsAccount] = await Promise.all([readSmsSettings(db, workspace.id), readSmsAccount(db, workspace.id)]);
  const phone = (smsAccount.configured && mobileE164(contact.phone, texting.phoneCountry)) || '';
  const email = contact.email?.trim() ?? '';
  const channel = crmChannel({ email, phone, defaultChannel: texting.defaultChannel });
  if (!channel) return refuse(422, 'Customer email is required', 'email');
  // The log form's own rules, so a request from HighLevel is never one the form would refuse.
  const parsed = logRequestPayload.safeParse({
    staffFirstName: staff.firstName,
    staffEmail: staff.email,
    teamId,
    email: channel === 'sms' ? '' : email,
    ...(channel === 'email' ? {} : { phone }),
    channel,
    firstName: contact.firstName,
    lastName: contact.lastName,
    templateId,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse(422, issue?.message ?? 'The contact cannot be asked for a review', issue?.path.length ? String(issue.path[0]) : undefined);
  }

  const claim = await claimDelivery(db, workspace.id, deliveryKey, !webhookId, channel === 'sms' ? { phone } : { email });
  if (claim.kind === 'done') {
    await log('duplicate', 'Already received', claim.requestId);
    return { status: 'duplicate', httpStatus: 200, message: 'Already received', requestId: claim.requestId };
  }
  if (claim.kind === 'busy') {
    // HighLevel retries a 429, and by then the identical delivery has settled.
    return refuse(429, 'The same delivery is being processed: HighLevel sends it again later');
  }

  let result;
  try {
    result = await logReviewRequest(context, workspace, parsed.data);
  } catch (error) {
    await releaseClaim(db, claim.id);
    throw error;
  }
  if (!result.ok) {
    await releaseClaim(db, claim.id);
    const refusal = logRequestRefusal(result.problem, workspace.plan);
    return refuse(refusal.status, refusal.message, refusal.field);
  }
  const requestId = result.request.id;
  await db.transaction(async (tx) => {
    await tx.update(crmRequestIntake).set({ state: 'done', requestId }).where(eq(crmRequestIntake.id, claim.id));
    await recordDelivery(tx, workspace.id, { ...entry, deliveryKey, status: 'stored', reason: null, reviewId: null, requestId }, loggedId);
  });
  const { emailStatus, smsStatus } = result.request;
  return { status: 'stored', httpStatus: 201, message: 'Review request logged', requestId, emailStatus, channel, smsStatus };
}

/** The admin's template when still active, else the only active one; null when that leaves no single choice. */
async function chooseTemplate(db: Db, workspaceId: number, chosen: number | null): Promise<number | null> {
  const active = await listActiveTemplates(db, workspaceId);
  if (chosen !== null && active.some((template) => template.id === chosen)) return chosen;
  return active.length === 1 ? active[0]!.id : null;
}

type Claim = { kind: 'claimed'; id: number } | { kind: 'done'; requestId: number | null } | { kind: 'busy' };

/**
 * Claims the delivery's key: the unique (workspace, key) row means that of two identical deliveries
 * at once only one logs a request; the other waits for it to settle and answers as a duplicate (or
 * claims the key itself when the first was refused and let it go).
 */
async function claimDelivery(db: Db, workspaceId: number, key: string, windowed: boolean, customer: { email: string } | { phone: string }): Promise<Claim> {
  const sameCustomer = 'email' in customer ? eq(reviewRequests.customerEmail, customer.email) : eq(reviewRequests.customerPhone, customer.phone);
  const deadline = Date.now() + WAIT_FOR_TWIN_MS;
  for (;;) {
    const [inserted] = await db
      .insert(crmRequestIntake)
      .values({ workspaceId, dedupeKey: key, state: 'pending' })
      .onConflictDoNothing()
      .returning({ id: crmRequestIntake.id });
    if (inserted) return { kind: 'claimed', id: inserted.id };
    const [row] = await db
      .select()
      .from(crmRequestIntake)
      .where(and(eq(crmRequestIntake.workspaceId, workspaceId), eq(crmRequestIntake.dedupeKey, key)));
    if (!row) continue; // Released between the insert and the read: try again.
    const age = Date.now() - row.claimedAt.getTime();
    if (row.state === 'done' && !(windowed && age > REPEAT_WINDOW_MS)) return { kind: 'done', requestId: row.requestId };
    if (row.state === 'pending' && age <= STALE_CLAIM_MS) {
      if (Date.now() >= deadline) return { kind: 'busy' };
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    // An old repeat (a new request is wanted), or a claim whose process died: take it over, once.
    if (row.state === 'pending') {
      // The process may have died after logging the request: a request to this customer since the claim is that one.
      const [logged] = await db
        .select({ id: reviewRequests.id })
        .from(reviewRequests)
        .where(and(eq(reviewRequests.workspaceId, workspaceId), sameCustomer, gte(reviewRequests.createdAt, row.claimedAt)))
        .orderBy(desc(reviewRequests.id))
        .limit(1);
      if (logged) {
        await db.update(crmRequestIntake).set({ state: 'done', requestId: logged.id }).where(eq(crmRequestIntake.id, row.id));
        return { kind: 'done', requestId: logged.id };
      }
    }
    const [taken] = await db
      .update(crmRequestIntake)
      .set({ state: 'pending', requestId: null, claimedAt: new Date() })
      .where(and(eq(crmRequestIntake.id, row.id), eq(crmRequestIntake.claimedAt, row.claimedAt)))
      .returning({ id: crmRequestIntake.id });
    if (taken) return { kind: 'claimed', id: taken.id };
  }
}

async function releaseClaim(db: Db, id: number): Promise<void> {
  await db.delete(crmRequestIntake).where(and(eq(crmRequestIntake.id, id), eq(crmRequestIntake.state, 'pending')));
}

/**
 * What the admin's HighLevel request card shows: the webhook's address, the mapping, and the teams and
 * templates it can name (the Unknown team is never a choice).
 */
export async function requestIntakeCard(db: Db, workspaceId: number, base: string, token: string, settings: RequestSettings) {
  const teamRows = await db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.workspaceId, workspaceId)).orderBy(asc(teams.name));
  const templates = (await listActiveTemplates(db, workspaceId)).map(({ id, name }) => ({ id, name }));
  return {
    url: requestWebhookUrl(base, token),
    settings,
    teams: teamRows.filter((team) => !isUnknownTeamName(team.name)),
    templates,
  };
}
