import { randomBytes } from 'node:crypto';
import { generateDevelopmentP12 } from '../modules/contracts/document/signer';

/**
 * `npm run storage:dev-certificate -w apps/api`: a self-signed certificate to seal contracts with where
 * several processes share a bucket outside production (decision 035), printed as the two settings every
 * process is given. Never for production: contracts sealed with it identify nobody.
 */
const password = randomBytes(18).toString('base64');
const p12 = generateDevelopmentP12(password);
console.log(`CONTRACT_SIGNING_P12=${p12.toString('base64')}`);
console.log(`CONTRACT_SIGNING_PASSWORD=${password}`);
