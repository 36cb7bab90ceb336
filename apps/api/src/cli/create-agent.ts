import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { Role, type RoleName } from '@casaoferta/domain/permissions';
import { loadConfig } from '../config';
import { openPglite, openPostgres } from '../db/client';
import { createAgent } from '../db/factories';

/**
 * `npm run agent:create -- --email a@b.es --name Marta --surname Soporte [--role supervisor]`
 * The password comes from AGENT_PASSWORD or is asked for (at least 12 characters).
 */
const usage =
  'Uso: npm run agent:create -- --email correo --name Nombre --surname Apellidos [--role agent|supervisor]';
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    surname: { type: 'string' },
    role: { type: 'string', default: Role.Agent },
  },
});
const roles: readonly string[] = Object.values(Role);
if (!values.email || !values.name || !values.surname || !roles.includes(values.role ?? '')) {
  console.error(usage);
  process.exit(2);
}

let password = process.env.AGENT_PASSWORD ?? '';
if (!password) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = (await rl.question('Contraseña (mínimo 12 caracteres): ')).trim();
  rl.close();
}
if (password.length < 12) {
  console.error('La contraseña debe tener al menos 12 caracteres.');
  process.exit(2);
}

const config = loadConfig();
const database = config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : await openPglite(config.dataDir);
try {
  await database.migrate();
  const agent = await createAgent(database.db, {
    email: values.email,
    password,
    name: values.name,
    surname: values.surname,
    role: values.role as RoleName,
  });
  console.log(`Agente creado: ${agent.email} (${values.role})`);
} catch (error) {
  console.error('No se ha podido crear el agente:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
