import { Client as MinioClient } from 'minio';

/**
 * Removes a bench's bucket and everything in it (S3 refuses to remove a bucket that is not empty); none there is fine.
 */
export async function emptyAndRemoveBucket(
  endpoint: URL,
  s3: { accessKey: string; secretKey: string },
  bucket: string,
): Promise<void> {
  const client = new MinioClient({
    endPoint: endpoint.hostname,
    port: Number(endpoint.port),
    useSSL: endpoint.protocol === 'https:',
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    pathStyle: true,
  });
  if (!(await client.bucketExists(bucket))) return;
  const names: string[] = [];
  for await (const item of client.listObjectsV2(bucket, '', true)) names.push((item as { name: string }).name);
  for (let i = 0; i < names.length; i += 1000) await client.removeObjects(bucket, names.slice(i, i + 1000));
  await client.removeBucket(bucket);
}
