/*! Chatflow Studio chat embed as an ES module: import Chatbot from "https://HOST/embed.mjs" */
// embed.js is a classic script, so that a plain <script src> tag works on any site without CORS; one
// file cannot be both (a module needs `export`, a syntax error in a classic script). Imported here it
// runs once, as a module, and sets window.Chatbot, which this module hands on.
import "./embed.js";

export default window.Chatbot;
