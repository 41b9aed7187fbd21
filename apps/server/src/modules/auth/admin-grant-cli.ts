import { emailAddress } from '@slipstream/contract';
import { ConfigError, loadConfig } from '../../config';
import { EmbeddedDatabaseBusy, openCommandDatabase } from '../../db/embedded';
import { keepDataDirPrivate } from '../../lib/private-files';
import { grantAdmin } from './service';

/** `npm run admin:grant -- <email>`: makes the account with that address an admin. */
async function main() {
  const parsed = emailAddress.safeParse(process.argv[2]);
  if (!parsed.success) {
    console.error('Usage: npm run admin:grant -- <email>');
    return 2;
  }
  const email = parsed.data;
  const config = loadConfig();
  keepDataDirPrivate(config.dataDir);
  const database = await openCommandDatabase(config, 'admin:grant');
  try {
    await database.migrate();
    const result = await grantAdmin(database.db, email);
    if (result === 'no-such-user') {
      console.error(`No account uses ${email}: sign up first, then run this again.`);
      return 1;
    }
    console.log(result === 'granted' ? `${email} is now an admin.` : `${email} was already an admin.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (exitCode) => process.exit(exitCode),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof EmbeddedDatabaseBusy ? error.message : error);
    process.exit(1);
  },
);
