// Entry of Monaco's base editor worker (diffs, links, word ranges). Bundled as its own worker
// because Monaco's built-in reference to it is a bare asset URL the bundler does not follow.
import "monaco-editor/editor/editor.worker";
