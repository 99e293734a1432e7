/** A picked file as base64 (without the data: prefix), for the preview call's Content. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = '';
  // Chunks keep String.fromCharCode's argument list small for multi-megabyte files.
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}
