import type { Database } from "~/server/db/client.server";
import { getBusiness } from "./business.server";

/*
 * The workshop's name, address and phone as the customer's messages, the calendar file and the
 * status page give them, from the business record staff edit (decision 020), in one shape.
 */

export interface WorkshopContact {
  name: string;
  /** "Musterstraße 12, 50667 Köln" */
  address: string;
  phone: string;
  email: string;
  /** The site's public address, for the links in messages. */
  website: string;
  /** "Anfahrt & Parken", for the calendar entry and the reminder. */
  directions: string;
  /** "Bezahlung", said with the price and when the car is ready. */
  paymentNote: string;
}

export async function workshopContact(db: Database): Promise<WorkshopContact> {
  const { name, street, postalCode, city, phone, email, website, directions, paymentNote } = await getBusiness(db);
  return { name, address: `${street}, ${postalCode} ${city}`, phone, email, website, directions, paymentNote };
}
