import path from 'node:path';
import { apiPackageDir } from '../../../config';

/** The committed brand images (served at /brand/), found from the sources and the build alike. */
export const BRAND_PUBLIC_DIR = path.join(apiPackageDir(), 'src', 'modules', 'static', 'brand', 'public');
