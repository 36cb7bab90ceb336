/** Encodes a multipart/form-data body with the platform's FormData (what a browser would send). */
export async function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Buffer },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
