/** What a vision model read on a band: the brand and the line as printed (null where it could not tell). */
export interface BandReading { brand: string | null; line: string | null }

/** Band scan's second opinion: reads a band off a photo (providers/band-reader.ts chooses the implementation). */
export interface BandReader {
  read(image: { bytes: Uint8Array; contentType: string }): Promise<BandReading>;
}
