/** A multipart/form-data body as a browser's FormData would send it, for app.inject. */
export async function multipartBody(
  fields: Record<string, string | string[]>,
  file?: { name: string; type: string; content: Uint8Array },
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const one of [value].flat()) form.append(key, one);
  }
  if (file)
    form.append('file', new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
