import { t } from '@lingui/core/macro';
import { guideRect, type Rect, type RgbaImage } from './pipeline';

/**
 * The band photo, in the browser (docs/band-scan.md, "On the device"): its pixels for the OCR pipeline, the part
 * to read (the framing guide for a camera capture, the whole photo for a chosen file), and a JPEG of that part,
 * which is uploaded only if the member asks the server for a second opinion. Re-encoding drops the photo's
 * metadata (EXIF: place, device) before it could ever leave the device.
 */
export interface BandPhoto {
  image: RgbaImage;
  guide?: Rect;
  /** The JPEG of the part read, for the preview and a second opinion. */
  jpeg: Blob;
}

/** The longest side a chosen photo is read at: phone photos are far larger than a band needs. */
const MAX_PHOTO_SIDE = 2000;
const JPEG_QUALITY = 0.9;

function canvasOf(width: number, height: number): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error(t`This browser cannot read photos.`);
  return { canvas, ctx };
}

function jpegOf(canvas: HTMLCanvasElement, part?: Rect): Promise<Blob> {
  let source = canvas;
  if (part) {
    const cut = canvasOf(part.width, part.height);
    cut.ctx.drawImage(canvas, part.x, part.y, part.width, part.height, 0, 0, part.width, part.height);
    source = cut.canvas;
  }
  return new Promise((resolve, reject) => {
    source.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(t`The photo could not be saved.`))), 'image/jpeg', JPEG_QUALITY);
  });
}

/** The current frame of the camera preview, to be read inside the framing guide. */
export async function captureFrame(video: HTMLVideoElement): Promise<BandPhoto> {
  const { videoWidth: width, videoHeight: height } = video;
  if (!width || !height) throw new Error(t`The camera has no picture yet.`);
  const { canvas, ctx } = canvasOf(width, height);
  ctx.drawImage(video, 0, 0, width, height);
  const data = ctx.getImageData(0, 0, width, height);
  const guide = guideRect(width, height);
  return { image: { data: data.data, width, height }, guide, jpeg: await jpegOf(canvas, guide) };
}

/** A chosen photo (as the browser decodes it, turned upright by its EXIF orientation), at most MAX_PHOTO_SIDE. */
export async function decodePhoto(file: File): Promise<BandPhoto> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(t`This photo could not be opened. Choose a JPEG or PNG photo.`);
  }
  const scale = Math.min(1, MAX_PHOTO_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const { canvas, ctx } = canvasOf(width, height);
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const data = ctx.getImageData(0, 0, width, height);
  return { image: { data: data.data, width, height }, jpeg: await jpegOf(canvas) };
}
