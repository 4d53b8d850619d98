/** POST /api/form/common/file/upload data (one per uploaded file). */
export interface UploadedFile {
  fileName: string; // storage key used by download/preview (opaque, no path)
  attachName: string; // the original name shown to people
  size: number;
  mime: string;
}
