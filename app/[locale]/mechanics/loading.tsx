export { default } from "@/features/catalog/components/list-loading";
