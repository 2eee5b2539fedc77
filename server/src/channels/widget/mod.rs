//! The chat widget: a frame registered for an iframe node is embedded on
//! the company's sites by one script line; people there chat with the
//! frame's assistant in a window our server serves. Only the listed sites
//! get a session (checked on the `Origin`, and by the browser through the
//! page's `frame-ancestors`).

pub mod chat;
pub mod embed_page;
pub mod frames;
pub mod origin;
pub mod session;
pub mod visitor_token;
