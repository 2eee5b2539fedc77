//! Schedulers and triggers that act: a node switched on has a schedule
//! (`activation`), the engine fires each due time exactly once across
//! instances and takes over what a stopped instance left (`engine`), a
//! server that was down catches up by its policy (`catch_up`), and a run
//! calls the scheduler's request or sends the trigger's message to its
//! assistant (`run`, `message`), whose answer goes out (`delivery`).

pub mod activation;
pub mod catch_up;
pub mod delivery;
pub mod engine;
pub mod message;
pub mod run;
pub mod runs;
