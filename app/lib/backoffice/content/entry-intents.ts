import { z } from 'zod';

const version = z.coerce
  .number({ error: 'The form lost its version: reload the page.' })
  .int()
  .positive({ error: 'The form lost its version: reload the page.' });

/** What the entry editor's forms post besides the fields (issue 21), checked at the edge. */
export const entryIntentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('save'), expectedVersion: version.optional() }),
  z.object({ intent: z.literal('localise') }),
  z.object({ intent: z.literal('unlocalise') }),
  z.object({ intent: z.literal('publish'), version }),
  z.object({ intent: z.literal('unpublish') }),
]);

/**
 * The environments ticked in a publish or unpublish form: at least one, each a known one. The form ticks none
 * for the editor, so an untouched form is refused here rather than going live in a default environment.
 */
export function chosenEnvironments(
  sent: readonly unknown[],
  known: readonly string[],
  intent: 'publish' | 'unpublish',
): { ok: true; environments: string[] } | { ok: false; message: string } {
  const environments = [...new Set(sent.filter((value): value is string => typeof value === 'string'))];
  if (environments.length === 0)
    return {
      ok: false,
      message:
        intent === 'publish'
          ? 'Nothing was published: tick the environments to publish to (none is ticked for you).'
          : 'Nothing was unpublished: tick the environments to unpublish from.',
    };
  const unknown = environments.find((environment) => !known.includes(environment));
  if (unknown) return { ok: false, message: `There is no environment “${unknown}”.` };
  return { ok: true, environments };
}
