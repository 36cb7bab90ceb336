// The API as `npm start` runs it (runServer: its signals, its drain), for the real-process shutdown test
// (platform/shutdown.test.ts): before it listens, a live announcement is made and its id printed.
import { createAnnouncement, createUser } from '../db/factories';
import { runServer } from '../server';

await runServer({
  async beforeListen({ database }) {
    const owner = await createUser(database.db);
    const { announcement } = await createAnnouncement(database.db, owner.id);
    console.log(`ANNOUNCEMENT ${announcement.id}`);
  },
});
