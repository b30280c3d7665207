import type { S3Config } from '../../config.ts';
import { createFsObjectStore } from './fs.ts';
import { createS3ObjectStore } from './s3.ts';
import type { ObjectStore } from './port.ts';

export type { ByteRange, ObjectBody, ObjectInfo, ObjectStore, PutBody, PutOptions } from './port.ts';
export { createFsObjectStore } from './fs.ts';
export { createS3ObjectStore, ensureBucket } from './s3.ts';
export { validateKey, validatePrefix } from './keys.ts';
export { signObjectUrl, verifyObjectUrl } from './signed-url.ts';
export { objectRoutes, type ObjectRoutesOptions } from './routes.ts';

export interface ObjectStoreConfig {
  s3: S3Config | null;
  dataDir: string;
  /** Public address of this app; the filesystem store's links point at it. */
  baseUrl: string;
  /** Signs the filesystem store's links. */
  secret: string;
}

/** S3 when configured, else files under `${dataDir}/objects`, served and signed by this app. */
export function openObjectStore(config: ObjectStoreConfig): ObjectStore {
  if (config.s3) return createS3ObjectStore(config.s3);
  return createFsObjectStore({ root: `${config.dataDir}/objects`, baseUrl: config.baseUrl, secret: config.secret });
}
