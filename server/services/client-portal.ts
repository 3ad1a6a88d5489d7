import { asc, desc, eq, inArray } from "drizzle-orm";
import type { PortalContact, PortalProject } from "~/contracts/client-portal";
import type { Database } from "../db/client";
import { contacts, projectContacts, projectMilestones, projects, projectUpdates } from "../db/schema";
import { signInLinkTemplate, writePortalSignIn } from "../emails/portal-sign-in";
import type { Mailer } from "./mail";
import {
  createSignInLink,
  emailHasProjects,
  normalizeEmail,
  SIGN_IN_LINK_MS,
  type PortalAccess,
} from "./portal-access";
import { hitRateLimit } from "./rate-limit";

/**
 * What the client portal reads (docs/product/client-portal.md "Project detail",
 * "Client-portal project") and the e-mailed sign-in link ("Sign-in links" on that page;
 * decision 017). Access is decided by server/services/portal-access.ts; this module maps the rows
 * of the projects it is given to the portal's wire shape.
 */

/** Sign-in e-mails one address receives per rate-limit window, whoever asks: the lookup cannot flood an inbox. */
export const SIGN_IN_MAILS_PER_WINDOW = 3;

/** Who is looking: the signed-in address, or (opened by Project ID) nobody in particular. */
type Viewer = string | null;

function viewerContact(team: (PortalContact & { email: string | null })[], viewer: Viewer): PortalContact | undefined {
  if (viewer) return team.find((c) => c.email !== null && normalizeEmail(c.email) === viewer);
  return team.find((c) => c.is_primary) ?? team[0];
}

/**
 * The projects with these IDs in the portal's shape, newest first: their team (primary contact
 * first), milestones in the owner's order and updates newest first. Internal notes never leave.
 */
export async function readPortalProjects(db: Database, ids: string[], viewerEmail: Viewer): Promise<PortalProject[]> {
  if (ids.length === 0) return [];
  const viewer = viewerEmail ? normalizeEmail(viewerEmail) : null;
  const [rows, team, milestones, updates] = await Promise.all([
    db
      .select({
        id: projects.id,
        name: projects.name,
        status: projects.status,
        createdAt: projects.createdAt,
        projectType: projects.projectType,
        budgetRange: projects.budgetRange,
        targetCompletion: projects.targetCompletion,
        description: projects.description,
        legacyData: projects.legacyData,
        clientNotes: projects.clientNotes,
      })
      .from(projects)
      .where(inArray(projects.id, ids))
      .orderBy(desc(projects.createdAt), asc(projects.id)),
    db
      .select({
        projectId: projectContacts.projectId,
        name: contacts.name,
        email: contacts.email,
        role: projectContacts.role,
        isPrimary: projectContacts.isPrimary,
      })
      .from(projectContacts)
      .innerJoin(contacts, eq(contacts.id, projectContacts.contactId))
      .where(inArray(projectContacts.projectId, ids))
      .orderBy(desc(projectContacts.isPrimary), asc(projectContacts.createdAt), asc(contacts.name)),
    db
      .select()
      .from(projectMilestones)
      .where(inArray(projectMilestones.projectId, ids))
      .orderBy(asc(projectMilestones.position), asc(projectMilestones.id)),
    db
      .select()
      .from(projectUpdates)
      .where(inArray(projectUpdates.projectId, ids))
      .orderBy(desc(projectUpdates.createdAt), desc(projectUpdates.id)),
  ]);

  return rows.map((row) => {
    const members = team
      .filter((c) => c.projectId === row.id)
      .map((c) => ({ name: c.name, email: c.email, role: c.role, is_primary: c.isPrimary }));
    const me = viewerContact(members, viewer);
    const legacy = row.legacyData ?? {};
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      created_at: row.createdAt.toISOString(),
      project_type: row.projectType,
      budget_range: row.budgetRange,
      target_completion: row.targetCompletion,
      description: row.description,
      legacy_data: { timeline: legacy.timeline || null, readiness: legacy.readiness || null },
      contact_role: me?.role ?? null,
      contact_name: me?.name ?? null,
      contact_email: me?.email ?? viewer,
      is_primary: me?.is_primary ?? false,
      all_contacts: members,
      milestones: milestones
        .filter((m) => m.projectId === row.id)
        .map((m) => ({
          id: m.id,
          title: m.title,
          description: m.description,
          status: m.status,
          due_date: m.dueDate,
          completed_date: m.completedDate,
        })),
      updates: updates
        .filter((u) => u.projectId === row.id)
        .map((u) => ({ id: u.id, title: u.title, content: u.content, created_at: u.createdAt.toISOString() })),
      client_notes: row.clientNotes,
    };
  });
}

/** The address a portal session reads as, if any. */
export const viewerOf = (access: PortalAccess): Viewer => access.email;

/** The lookup's Project ID as the visitor typed it, in the stored form (IDs are upper case). */
export const normalizeProjectId = (identifier: string) => identifier.trim().toUpperCase();

/**
 * The lookup by e-mail (decision 017): the same work for every address, known or not (a link
 * row, the recipient's counter and the check whether the address has projects run together);
 * only for an address with projects, and at most SIGN_IN_MAILS_PER_WINDOW times a window, is
 * the link e-mailed. The caller answers the same either way.
 */
export async function requestSignInLink(
  deps: { db: Database; mailer: Mailer },
  input: { email: string; siteUrl: string; windowMs: number },
): Promise<{ sent: boolean }> {
  const email = normalizeEmail(input.email);
  const [known, recipient] = await Promise.all([
    emailHasProjects(deps.db, email),
    hitRateLimit(deps.db, `portal-sign-in-mail:${email}`, SIGN_IN_MAILS_PER_WINDOW, input.windowMs),
  ]);
  const send = known && recipient.allowed;
  // The outbox keeps no spendable token (a backup holds the outbox): the e-mail is stored with a
  // slot for it, and its link is made as the message is handed to SMTP. An address without
  // projects gets a link row nobody receives, so both kinds of address cost the same work.
  if (send) {
    const expiresAt = new Date(Date.now() + SIGN_IN_LINK_MS);
    await deps.mailer.send(writePortalSignIn(email, signInLinkTemplate(input.siteUrl), expiresAt));
  } else await createSignInLink(deps.db, email);
  return { sent: send };
}
