import { MAX_IMAGE_DATA_URL } from '@contract/my';

/** A picked photo, scaled down to fit `max` px and encoded as JPEG/PNG, small enough to store (≤ 200 KB). */
export async function imageFileToDataUrl(
  file: File,
  max: number,
  type: 'image/jpeg' | 'image/png' = 'image/jpeg',
): Promise<string> {
  if (!file.type.startsWith('image/')) throw new Error('请选择图片文件');
  const url = URL.createObjectURL(file);
  try {
    const img = await new Promise<HTMLImageElement>((resolve, reject) => {
      const el = new Image();
      el.onload = () => resolve(el);
      el.onerror = () => reject(new Error('图片无法读取，请换一张'));
      el.src = url;
    });
    const scale = Math.min(1, max / Math.max(img.naturalWidth, img.naturalHeight));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
    const ctx = canvas.getContext('2d')!;
    if (type === 'image/jpeg') {
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
    }
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    const data = canvas.toDataURL(type, 0.85);
    if (data.length > MAX_IMAGE_DATA_URL) throw new Error('图片过大，请换一张较小的图片');
    return data;
  } finally {
    URL.revokeObjectURL(url);
  }
}
