import { ToolEditorPage } from "@/components/tools/tool-editor-page";

export const metadata = { title: "Tool · Chatflow Studio" };

export default async function ToolPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ToolEditorPage toolId={id} />;
}
