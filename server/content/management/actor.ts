import type { Actor, SystemActor } from '../../audit/audit.ts';
import type { ContentActor } from './contract.ts';

/** How the audit log and the version history name the holder of the management token (never the token). */
export const TOKEN_ACTOR_NAME = 'management token';

/** The audit log's actor for a content change: the staff member, or a system actor for the token. */
export function auditActor(actor: ContentActor): Actor | SystemActor {
  return 'token' in actor ? { staffId: null, email: TOKEN_ACTOR_NAME } : actor;
}

/** The name a version or publication records as its author. */
export function actorName(actor: ContentActor): string {
  return 'token' in actor ? TOKEN_ACTOR_NAME : actor.email;
}
