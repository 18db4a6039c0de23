import { AuthForm } from "@/components/ui/auth-form";

export const metadata = { title: "Sign up · Chatflow Studio" };

export default function SignupPage() {
  return <AuthForm mode="signup" />;
}
