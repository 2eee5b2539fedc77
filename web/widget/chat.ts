// chat.js: the chat page's script, served at /embed/{key} inside the iframe the
// loader opens. The frame's description is in #dastyar-frame, the session's
// token in the fragment (never sent to the server).
import "./chat.css";
import { parseHash, startChat } from "./app";
import { isFrameConfig } from "./protocol";

const root = document.getElementById("dastyar-chat");
let config: unknown = null;
try {
  config = JSON.parse(document.getElementById("dastyar-frame")?.textContent ?? "");
} catch {
  // Not our page: nothing to start.
}
if (root && isFrameConfig(config)) {
  const framed = window.parent !== window;
  startChat({
    root,
    config,
    token: parseHash(location.hash).token,
    parent: {
      // Nothing secret goes up: "close" and "renew my token". The parent's origin
      // is not known here; a token is taken only from the parent window itself.
      post: (message) => framed && window.parent.postMessage(message, "*"),
      isParent: (source) => framed && source === window.parent,
    },
  });
}
