/*! Chatflow Studio chat embed for a classic tag: <script src="https://HOST/embed-classic.js" data-chatflowid="ID"> */
// embed.js is an ES module (so that `import Chatbot from ".../embed.js"` works, as with Flowise's
// widget), and a module cannot be loaded by a classic <script src>: this loader imports it and starts
// the chatbot from its own tag's data- attributes.
(() => {
  const tag = document.currentScript;
  import(new URL("embed.js", tag.src).href).then(
    (module) => module.default.initFromScript(tag),
    (error) => console.warn("Chatbot: embed.js could not be loaded", error),
  );
})();
