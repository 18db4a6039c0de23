import { ToolList } from "@/components/tools/tool-list";

export const metadata = { title: "Tools · Chatflow Studio" };

export default function ToolsPage() {
  return <ToolList />;
}
