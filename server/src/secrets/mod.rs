//! Secrets at rest: the tokens, keys and passwords people enter in node data
//! are stored sealed with the server's key and leave it only masked (core's
//! `secrets` names the fields and the mask).

pub mod node_secrets;
pub mod secret_box;

pub use secret_box::SecretBox;
