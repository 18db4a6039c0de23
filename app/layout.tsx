import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: "Chatflow Studio",
  description: "Draw, host and serve AI chatflows",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
