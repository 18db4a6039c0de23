import { ChatflowList } from "@/components/chatflows/chatflow-list";

export const metadata = { title: "Chatflows · Chatflow Studio" };

export default function ChatflowsPage() {
  return <ChatflowList />;
}
