/** The spec's name for the admin services list, where deleting a service returns (spec §2). */
export { default, generateMetadata } from "@/app/[locale]/admin/services/page";
