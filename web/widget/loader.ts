// widget.js: the loader a site owner's embed line runs. It reads its own script
// element at once (document.currentScript is only set while it first runs).
import { boot, findScript } from "./launcher";

void boot(window, document, findScript(document));
