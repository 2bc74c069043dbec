import type { PractitionerPhotoType } from '../../../domain/persons.ts';

const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const jpeg = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: number[]) => bytes.length > magic.length && magic.every((b, i) => bytes[i] === b);

/**
 * The image type the bytes really are (their magic numbers), whatever the request claimed: only
 * PNG and JPEG are stored, so the photo endpoint never serves anything a browser could run.
 */
export function imageType(bytes: Uint8Array): PractitionerPhotoType | null {
  if (startsWith(bytes, png)) return 'image/png';
  if (startsWith(bytes, jpeg)) return 'image/jpeg';
  return null;
}
