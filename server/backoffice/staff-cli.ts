import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isStaffRole, STAFF_ROLES } from '#core/staff-permissions.ts';
import { createRateLimits } from '../commerce/rate-limits.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { keepDeliveryKeys } from '../keys/keep-delivery-keys.ts';
import { createMailer } from '../mail/mailer.ts';
import { listeningOrigin } from '../services.ts';
import { createBackoffice } from './index.ts';

// `npm run staff -- create --email ada@example.com --role owner [--name "Ada Lovelace"]`: a staff account with a
// one-time password, printed once, that must be changed at first sign-in (an owner also enrols a second factor).
// `npm run staff -- list`. With the embedded database, stop the store first (one process per data folder).
const USAGE = `Usage:
  npm run staff -- create --email <email> --role <${STAFF_ROLES.join('|')}> [--name <name>]
  npm run staff -- list
`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
});
const [command] = positionals;
if (command !== 'create' && command !== 'list') {
  process.stderr.write(USAGE);
  process.exit(1);
}
if (
  command === 'create' &&
  (!values.email || !/^[^\s@]+@[^\s@]+$/.test(values.email) || !isStaffRole(values.role))
) {
  process.stderr.write(`${USAGE}A valid --email and a --role (${STAFF_ROLES.join(', ')}) are needed.\n`);
  process.exit(1);
}

const config = loadConfig(process.env);
const handle = await openDatabase(config);
try {
  await handle.migrate();
  // The command never invites (there is no owner to invite from yet); the kept key keeps the wiring the server's.
  const { config: kept } = await keepDeliveryKeys(handle.db, config, process.env);
  const backoffice = createBackoffice(handle.db, {
    rateLimits: createRateLimits(handle.db, kept.THROTTLE_KEY),
    sessions: {
      idleMinutes: config.STAFF_SESSION_IDLE_MINUTES,
      absoluteHours: config.STAFF_SESSION_ABSOLUTE_HOURS,
    },
    limits: {
      windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
      loginPerIp: config.LOGIN_LIMIT_PER_IP,
      loginPerEmail: config.LOGIN_LIMIT_PER_EMAIL,
    },
    invitations: {
      key: kept.STAFF_INVITE_KEY,
      mailer: createMailer({
        from: config.MAIL_FROM,
        smtpUrl: config.SMTP_URL,
        outboxDir: join(config.DATA_DIR, 'outbox'),
      }),
      origin: config.PUBLIC_BASE_URL ?? listeningOrigin(config),
    },
  });
  if (command === 'list') {
    for (const member of await backoffice.staff.list())
      process.stdout.write(
        `${member.id}\t${member.email}\t${member.role}${member.disabled ? '\tdisabled' : ''}${member.totpEnrolled ? '\ttotp' : ''}\n`,
      );
  } else {
    const email = values.email!;
    const role = values.role as (typeof STAFF_ROLES)[number];
    const { staff, password } = await backoffice.staff.create(null, {
      email,
      role,
      name: values.name ?? email.split('@')[0]!,
    });
    process.stdout.write(
      `Created ${staff.role} ${staff.email}.\nOne-time password: ${password}\n` +
        `Sign in at /admin/login; you will choose a new password${role === 'owner' ? ' and set up a second factor' : ''}.\n`,
    );
  }
} catch (error) {
  const detail = (error as { code?: unknown; message?: string }).code ? (error as Error).message : null;
  if (!detail) throw error;
  process.stderr.write(`${detail}\n`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
