import { inArray } from 'drizzle-orm';
import { isSet } from '../config.ts';
import type { Database } from '../db/database.ts';
import { DELIVERY_KEY_SETTINGS, type DeliveryKeySetting, type DeliveryKeys } from './delivery-keys.ts';
import { deliveryKeys } from './schema.ts';

/**
 * The config with the keys this database serves with: those given in settings as they are, the others read
 * from the database, where the first start stored the ones `loadConfig` drew. A concurrent first start of a
 * second process loses the insert and reads the winner's keys. `generated` names the settings whose keys came
 * from the database (empty when every key was set).
 */
export async function keepDeliveryKeys<C extends DeliveryKeys>(
  db: Database,
  config: C,
  env: Record<string, string | undefined>,
): Promise<{ config: C; generated: DeliveryKeySetting[] }> {
  const generated = DELIVERY_KEY_SETTINGS.filter((name) => !isSet(env, name));
  if (generated.length === 0) return { config, generated };
  await db
    .insert(deliveryKeys)
    .values(generated.map((name) => ({ name, value: config[name] })))
    .onConflictDoNothing();
  const rows = await db
    .select({ name: deliveryKeys.name, value: deliveryKeys.value })
    .from(deliveryKeys)
    .where(inArray(deliveryKeys.name, generated));
  const kept = { ...config };
  for (const row of rows) kept[row.name as DeliveryKeySetting] = row.value;
  return { config: kept, generated };
}

const LABELS: Record<DeliveryKeySetting, string> = {
  CONTENT_API_KEY: 'content api_key',
  CONTENT_DELIVERY_TOKEN: 'content access_token',
  SEARCH_KEY: 'search key',
  CONTENT_MANAGEMENT_TOKEN: 'content management token',
  CONTENT_PREVIEW_TOKEN: 'content preview token',
  STAFF_INVITE_KEY: 'staff invitation key',
  THROTTLE_KEY: 'throttle key',
};

/** Keys that write or sign (preview links, invitations): their value never reaches a log (the line names them only). */
const SECRET: ReadonlySet<DeliveryKeySetting> = new Set([
  'CONTENT_MANAGEMENT_TOKEN',
  'CONTENT_PREVIEW_TOKEN',
  'STAFF_INVITE_KEY',
  'THROTTLE_KEY',
]);

/** The line the server prints at start, so that a developer finds the read keys the database generated. */
export function generatedKeysLine(keys: DeliveryKeys, generated: readonly DeliveryKeySetting[]): string {
  const shown = generated
    .map((name) => (SECRET.has(name) ? `${LABELS[name]} (not shown)` : `${LABELS[name]} ${keys[name]}`))
    .join(', ');
  return `Delivery keys of this database: ${shown} (set ${generated.join(', ')} to choose your own)`;
}
