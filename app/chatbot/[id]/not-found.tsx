export default function ChatbotNotFound() {
  return (
    <main className="grid min-h-dvh place-items-center p-6 text-center">
      <div>
        <h1 className="text-xl font-semibold">Chatbot not found</h1>
        <p className="mt-2 text-slate-600">This chatbot does not exist or is not public.</p>
      </div>
    </main>
  );
}
