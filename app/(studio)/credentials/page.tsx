import { CredentialsPage } from "@/components/account/credentials-page";

export const metadata = { title: "Credentials · Chatflow Studio" };

export default function Page() {
  return <CredentialsPage />;
}
