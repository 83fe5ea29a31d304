import { type BotProtection, createBotProtection } from '#server/bot-protection/bot-protection.ts';
import type { Services } from '#server/services.ts';

const built = new WeakMap<object, BotProtection>();

/** The bot protection the settings ask for (off without keys), built once per services object. */
export function botProtectionFor(services: Services): BotProtection {
  let protection = built.get(services);
  if (!protection) {
    protection = createBotProtection(services.config);
    built.set(services, protection);
  }
  return protection;
}
