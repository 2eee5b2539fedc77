//! The SQL, one module per table family. Handlers call these and never write
//! SQL themselves; every function answers after its statement has committed
//! (or, given a [`tx::Tx`], once that transaction commits).

/// The condition for rows (nodes, edges) of projects the user bound as `$2` owns.
macro_rules! owned {
    () => {
        "project_id IN (SELECT id FROM projects WHERE user_id = $2)"
    };
}

pub mod analyzers;
pub mod conversations;
pub mod credits;
pub mod edges;
pub mod frames;
pub mod google;
pub mod jobs;
pub mod knowledge;
pub mod knowledge_vectors;
pub mod login_failures;
pub mod nodes;
pub mod payments;
pub mod projects;
pub mod schedules;
pub mod sms;
pub mod subscriptions;
pub mod telegram;
pub mod tx;
pub mod users;

/// Ids bound per statement by the queries that take a list of ids, well
/// under SQLite's and PostgreSQL's limits on bound parameters.
pub(crate) const IDS_PER_QUERY: usize = 500;

/// `$first, $first+1, ...`: `count` placeholders for a list of ids.
pub(crate) fn placeholders(first: usize, count: usize) -> String {
    (first..first + count).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}
