// The app's one jotai store, shared by React (through <Provider>) and by code
// outside React such as the API client's session-expiry hook.
import { createStore } from "jotai";

export const store = createStore();
