import { FlowEditor } from "@/components/canvas/flow-editor";

export const metadata = { title: "Canvas · Chatflow Studio" };

export default async function ChatflowCanvasPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <FlowEditor chatflowId={id} />;
}
