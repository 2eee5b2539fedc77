//! The SQL, one module per table family. Handlers call these and never write
//! SQL themselves; every function answers after its statement has committed.

pub mod jobs;
pub mod nodes;
pub mod projects;
pub mod users;
