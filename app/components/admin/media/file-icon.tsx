import { FileArchive, FileText, Film, Image as ImageIcon } from "lucide-react";
import { previewThumbnailUrl, type MediaFileType, type MediaItem } from "./api";

const ICONS: Record<MediaFileType, typeof FileText> = {
  image: ImageIcon,
  video: Film,
  document: FileText,
  application: FileArchive,
};

/** A thumbnail for images, a type icon for everything else. */
export function MediaPreview({ item, className = "" }: { item: MediaItem; className?: string }) {
  const Icon = ICONS[item.file_type] ?? FileText;
  if (item.file_type === "image")
    return (
      <img
        src={previewThumbnailUrl(item)}
        alt={item.description || item.original_name}
        loading="lazy"
        className={`object-cover ${className}`}
      />
    );
  return (
    <div className={`flex items-center justify-center bg-slate-100 text-slate-500 ${className}`}>
      <Icon className="size-10" aria-hidden="true" />
    </div>
  );
}
