//! The SQL, one module per table family. Handlers call these and never write
//! SQL themselves; every function answers after its statement has committed
//! (or, given a [`tx::Tx`], once that transaction commits).

pub mod edges;
pub mod jobs;
pub mod node_tx;
pub mod nodes;
pub mod projects;
pub mod tx;
pub mod users;
