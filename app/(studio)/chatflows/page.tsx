export const metadata = { title: "Chatflows · Chatflow Studio" };

export default function ChatflowsPage() {
  return (
    <section>
      <h1 className="text-xl font-semibold">Chatflows</h1>
      <p className="mt-4 text-slate-600">No chatflows yet.</p>
    </section>
  );
}
