export { default } from "@/components/services/list-loading";
