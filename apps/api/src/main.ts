// `npm start` runs this (through scripts/start.mjs): the API with the web app, on HOST:PORT.
import { runServer } from './server';

await runServer();
