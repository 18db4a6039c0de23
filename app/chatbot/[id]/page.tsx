import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PublicChat } from "@/components/public-chat/public-chat";
import { ApiError } from "@/lib/api/errors";
import { getPublicChatbotConfig } from "@/lib/chatflows/service";

// The public, signed-out chat page of a chatflow: public chatflows only, anything else is a 404.
export const dynamic = "force-dynamic";

interface ChatbotPageProps {
  params: Promise<{ id: string }>;
}

// One database read per request, shared by the metadata and the page.
const loadPublicChatbot = cache(async (id: string) => {
  try {
    return await getPublicChatbotConfig(id);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: ChatbotPageProps): Promise<Metadata> {
  const config = await loadPublicChatbot((await params).id);
  return { title: config.title || "Chat", robots: { index: false } };
}

export default async function ChatbotPage({ params }: ChatbotPageProps) {
  const { id } = await params;
  const config = await loadPublicChatbot(id);
  return <PublicChat chatflowId={id} chatbotConfig={config} />;
}
