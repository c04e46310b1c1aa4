import { ReferencePicture } from "~/components/pages/reference-picture";
import type { EnquiryPhoto } from "~/server/entities/job/enquiries.server";

/** A customer's photo as a small square (72 px unless said), for the inbox and the staff start page. */
export function EnquiryThumbnail({ photo, alt, size = 72 }: { photo: EnquiryPhoto; alt: string; size?: number }) {
  return <ReferencePicture picture={photo} className="enquiry-thumb" sizes={`${size}px`} width={size} height={size} loading="lazy" alt={alt} />;
}
