//! A WordPress site's REST API (`/work/shared/providers.md` §3), at the
//! address a WordPress node holds: who the credentials sign in, the
//! categories, tags and authors for the panel's pickers, and new posts.
//! Unlike the other providers its base URL is the user's, so every call
//! goes through the guarded [`crate::runtime::outbound::OutboundClient`].

mod client;
mod error;
mod html_text;
mod protocol;

pub use client::{MAX_PAGES, WordpressClient};
pub use error::{Refusal, WordpressError};
pub use protocol::{ApiRoot, Listing, Me, Named, NewPost, Post};
