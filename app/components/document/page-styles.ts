import dayPickerCss from "react-day-picker/style.css?inline";
import dayPickerHref from "react-day-picker/style.css?url";
import compareCss from "~/styles/compare.css?inline";
import compareHref from "~/styles/compare.css?url";
import enquiryCss from "~/styles/enquiry.css?inline";
import enquiryHref from "~/styles/enquiry.css?url";
import progressCss from "~/styles/enquiry-progress.css?inline";
import progressHref from "~/styles/enquiry-progress.css?url";
import fieldsCss from "~/styles/fields.css?inline";
import fieldsHref from "~/styles/fields.css?url";
import galleryCss from "~/styles/gallery.css?inline";
import galleryHref from "~/styles/gallery.css?url";
import homeCss from "~/styles/home.css?inline";
import homeHref from "~/styles/home.css?url";
import pagesCss from "~/styles/pages.css?inline";
import pagesHref from "~/styles/pages.css?url";
import projectsCss from "~/styles/projects.css?inline";
import projectsHref from "~/styles/projects.css?url";
import statusCss from "~/styles/status-page.css?inline";
import statusHref from "~/styles/status-page.css?url";

/**
 * A public page's stylesheet: its text goes into the server's document (InlineStyles), its
 * address serves the browser when a client-side navigation brings a page whose CSS the document
 * does not hold yet. The text is the server's only: in the browser's bundle it is empty and the
 * import is tree-shaken, so no page's JavaScript carries CSS (decision 011).
 */
export interface PageStyle {
  href: string;
  css: string;
}

// The condition stands at each entry, where the bundler sees the text unused in the browser.
export const PAGE_STYLES = {
  compare: { href: compareHref, css: import.meta.env.SSR ? compareCss : "" },
  dayPicker: { href: dayPickerHref, css: import.meta.env.SSR ? dayPickerCss : "" },
  enquiry: { href: enquiryHref, css: import.meta.env.SSR ? enquiryCss : "" },
  fields: { href: fieldsHref, css: import.meta.env.SSR ? fieldsCss : "" },
  gallery: { href: galleryHref, css: import.meta.env.SSR ? galleryCss : "" },
  home: { href: homeHref, css: import.meta.env.SSR ? homeCss : "" },
  pages: { href: pagesHref, css: import.meta.env.SSR ? pagesCss : "" },
  progress: { href: progressHref, css: import.meta.env.SSR ? progressCss : "" },
  projects: { href: projectsHref, css: import.meta.env.SSR ? projectsCss : "" },
  status: { href: statusHref, css: import.meta.env.SSR ? statusCss : "" },
} satisfies Record<string, PageStyle>;
