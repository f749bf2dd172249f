import { parseOptions } from '@node-rs/argon2';
import { hashPassword, needsRehash } from '../src/security/passwords';
(async () => { const h = await hashPassword('x'); console.log(h, parseOptions(h), needsRehash(h)); })();
