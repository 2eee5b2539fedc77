//! Schedule benchmark: how late runs fire. 10,000 schedulers switched on,
//! their first due times spread over one minute, run by the real engine
//! loop (`Engine::start`, the system clock) on one instance, then on three
//! sharing one PostgreSQL. Prints p50/p99/max of (start − due time) and
//! whether every due time fired exactly once, next to the goal
//! (p99 under 1 s); asserts nothing about speed. The runs call nothing
//! (no request joined: each ends at once as failed), so what is measured is
//! the engine: claiming, the row per run, the node kept true.
//!
//! `BENCH_SCHEDULES` (default 10,000) and `BENCH_SPREAD_SECS` (default 60)
//! change the size. PostgreSQL runs when `BENCH_POSTGRES_URL` or
//! `TEST_POSTGRES_URL` is set, in a schema of its own.

mod support;

use chrono::{TimeDelta, Utc};
use dastyar_core::data::NodePayload;
use dastyar_core::data::scheduler::SchedulerPayload;
use dastyar_core::geometry::Position;
use dastyar_core::schedule::IntervalUnit;
use dastyar_core::status::CreationStatus;
use dastyar_server::automation::engine::Engine;
use dastyar_server::db::timestamp;
use dastyar_server::store::nodes::{self, NewNode};
use dastyar_server::store::{projects, users};
use dastyar_server::{AppState, Config};
use sqlx::AssertSqlSafe;
use support::{PostgresSchema, env_number, postgres_base, tempdir};

/// The goal for how late a run fires, at the 99th percentile.
const DELAY_P99_GOAL_S: f64 = 1.0;
/// Schedulers per project, as a busy project might have.
const PER_PROJECT: usize = 100;
/// Schedules switched on per statement.
const BATCH: usize = 200;

#[tokio::main]
async fn main() {
    let schedules = env_number("BENCH_SCHEDULES", 10_000);
    let spread = env_number("BENCH_SPREAD_SECS", 60) as i64;
    println!("dastyar schedule benchmark: {schedules} schedules due within {spread} s");
    let data = tempdir::TempDir::new();
    let sqlite = format!("sqlite://{}?mode=rwc", data.path().join("bench.db").display());
    run("SQLite, one instance", &sqlite, data.path(), 1, schedules, spread).await;
    match postgres_base() {
        Some(base) => {
            for instances in [1, 3] {
                let schema = PostgresSchema::create(&base).await;
                let name = format!("PostgreSQL, {instances} instance(s)");
                run(&name, &schema.url, data.path(), instances, schedules, spread).await;
                schema.drop_now().await;
            }
        }
        None => println!("PostgreSQL: skipped (set BENCH_POSTGRES_URL to include it)"),
    }
}

async fn open(url: &str, data: &std::path::Path, name: &str) -> AppState {
    sqlx::any::install_default_drivers();
    let mut config = Config::with_data_dir(data.join(name.replace([' ', ',', '(', ')'], "")));
    config.database_url = Some(url.to_owned());
    AppState::open(config).await.expect("the app opens")
}

async fn run(
    name: &str,
    url: &str,
    data: &std::path::Path,
    instances: usize,
    schedules: usize,
    spread: i64,
) {
    let state = open(url, data, name).await;
    let user = users::create(&state.db, "bench@example.com", "b", "x").await.expect("a user");
    let scheduler = SchedulerPayload {
        is_active: true,
        interval_value: Some(spread.max(1)),
        interval_unit: Some(IntervalUnit::Seconds),
        ..SchedulerPayload::default()
    };
    let mut project = 0;
    let mut ids = Vec::with_capacity(schedules);
    for i in 0..schedules {
        if i % PER_PROJECT == 0 {
            project = projects::create(&state.db, user.id, "bench").await.expect("a project").id;
        }
        let node = NewNode {
            project_id: project,
            name: format!("زمان‌بند {i}"),
            position: Position { x: 0.0, y: 0.0 },
            container_id: None,
            width: None,
            height: None,
            status: CreationStatus::Success,
            payload: NodePayload::Scheduler(scheduler.clone()),
        };
        let node = nodes::insert(&state.db, user.id, &node).await.expect("insert").expect("a node");
        ids.push(node.id);
    }
    // Switched on all at once, their first due times spread evenly over the
    // `spread` seconds from a moment just ahead.
    let start = Utc::now() + TimeDelta::seconds(3);
    let now = timestamp::now();
    for (batch, part) in ids.chunks(BATCH).enumerate() {
        let rows: Vec<String> = (0..part.len())
            .map(|i| {
                format!(
                    "(${}, ${}, 'scheduler', ${}, 0, ${}, ${})",
                    5 * i + 1,
                    5 * i + 2,
                    5 * i + 3,
                    5 * i + 4,
                    5 * i + 5
                )
            })
            .collect();
        let sql = format!(
            "INSERT INTO schedules (node_id, user_id, kind, next_due_at, runs, created_at, updated_at) VALUES {}",
            rows.join(", ")
        );
        let mut query = sqlx::query(AssertSqlSafe(sql));
        for (j, id) in part.iter().enumerate() {
            let i = (batch * BATCH + j) as i64;
            let due = start + TimeDelta::milliseconds(i * spread * 1000 / schedules as i64);
            query = query
                .bind(*id)
                .bind(user.id)
                .bind(timestamp::of(due))
                .bind(now.clone())
                .bind(now.clone());
        }
        query.execute(state.db.pool()).await.expect("switched on");
    }
    let late_setup = (Utc::now() - start).num_milliseconds();
    if late_setup > 0 {
        println!("{name}: switching on took {late_setup} ms past the first due time");
    }

    let mut states = vec![state.clone()];
    for i in 1..instances {
        states.push(open(url, data, &format!("{name}-{i}")).await);
    }
    let engines: Vec<Engine> = states.iter().map(|s| Engine::start(s.clone())).collect();
    // Every schedule's first due time, and a little more for the last to run.
    let until = start + TimeDelta::seconds(spread) + TimeDelta::seconds(5);
    let wait = (until - Utc::now()).to_std().unwrap_or_default();
    tokio::time::sleep(wait).await;
    for engine in engines {
        engine.stop().await;
    }

    let rows: Vec<(String, String)> = sqlx::query_as(
        "SELECT due_at, started_at FROM schedule_runs WHERE requested_by = 'schedule'",
    )
    .fetch_all(state.db.pool())
    .await
    .expect("runs");
    let first_due = timestamp::of(start);
    let window = timestamp::of(start + TimeDelta::seconds(spread));
    let mut delays: Vec<f64> = rows
        .iter()
        .filter(|(due, _)| *due >= first_due && *due < window)
        .filter_map(|(due, started)| {
            let (due, started) = (timestamp::parse(due)?, timestamp::parse(started)?);
            Some((started - due).num_microseconds()? as f64 / 1e6)
        })
        .collect();
    let fired = delays.len();
    delays.sort_by(f64::total_cmp);
    let at = |p: f64| delays.get(((delays.len() as f64 - 1.0) * p).round() as usize).copied();
    let (p50, p99, max) = (at(0.5), at(0.99), delays.last().copied());
    let shown = |v: Option<f64>| v.map_or("-".to_owned(), |v| format!("{v:.3} s"));
    let goal = if p99.is_some_and(|p| p < DELAY_P99_GOAL_S) { "met" } else { "missed" };
    println!(
        "{name:<34} fired {fired} of {schedules} due (one row per due time), delay p50 {} p99 {} max {} — goal p99 < {DELAY_P99_GOAL_S:.0} s: {goal}",
        shown(p50),
        shown(p99),
        shown(max),
    );
}
