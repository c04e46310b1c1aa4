import { whatsappHref } from "~/lib/business";
import { telHref } from "~/lib/phone";
import { usePageBusiness } from "~/components/shell/business";

/** The enquiry page's "Lieber direkt?": phone, e-mail and, when staff gave a mobile, WhatsApp as a plain link. */
export function DirectContact() {
  const { phone, email, whatsapp } = usePageBusiness();
  const chat = whatsappHref(whatsapp);
  return (
    <>
      <p>
        Rufen Sie uns an unter <a href={telHref(phone)}>{phone}</a> oder schreiben Sie an <a href={`mailto:${email}`}>{email}</a>.
      </p>
      {chat ? (
        <p>
          Oder per WhatsApp: <a href={chat} rel="noopener noreferrer">{whatsapp}</a>
        </p>
      ) : null}
    </>
  );
}
