import { ApiKeysPage } from "@/components/account/api-keys-page";

export const metadata = { title: "API keys · Chatflow Studio" };

export default function Page() {
  return <ApiKeysPage />;
}
