//! Knowledge benchmark: how fast files are read and indexed, and how fast a
//! store of 10,000 chunks is searched. In-process, on the real store (SQLite
//! in a fresh folder; PostgreSQL too when `BENCH_POSTGRES_URL` or
//! `TEST_POSTGRES_URL` is set, in a schema of its own). Prints figures next
//! to the goal (search under 20 ms p99); asserts nothing about speed.
//! Run with `make bench` (or `cargo bench -p dastyar-server --bench knowledge`).
//!
//! `BENCH_CHUNKS` (default 10,000) and `BENCH_SEARCHES` (default 2,000)
//! change the size. `BENCH_NO_VACUUM_AFTER_INDEX=1` stores documents without
//! the index job's vacuum after each (`store::knowledge::after_bulk_index`),
//! to see what a search does on rows no vacuum has marked yet.

mod support;

use std::time::{Duration, Instant};

use dastyar_core::data::NodePayload;
use dastyar_core::data::files::FileDbData;
use dastyar_core::geometry::Position;
use dastyar_core::status::CreationStatus;
use dastyar_core::text::{Location, Section};
use dastyar_server::knowledge::extract::{Format, extract};
use dastyar_server::knowledge::index_job::prepare;
use dastyar_server::knowledge::search::lexical_search;
use dastyar_server::store::knowledge::{self as store, NewDocument, ReadDocument, Scope};
use dastyar_server::store::nodes::{self, NewNode};
use dastyar_server::store::tx::Tx;
use dastyar_server::store::{projects, users};
use dastyar_server::{AppState, Config};
use serde::Deserialize;
use sqlx::{AssertSqlSafe, Executor};
use support::{PostgresSchema, Timings, env_number, postgres_base, tempdir};

const CORPUS: &str = include_str!("../../tests/knowledge/corpus_fa.json");
const PDF: &[u8] = include_bytes!("../tests/fixtures/knowledge/persian.pdf");
const TWO_PAGES: &[u8] = include_bytes!("../tests/fixtures/knowledge/two-pages.pdf");
/// Pages per generated document: a long handbook.
const PAGES_PER_DOCUMENT: usize = 100;
/// The goal for a search's p99.
const SEARCH_P99_GOAL_MS: f64 = 20.0;

#[derive(Deserialize)]
struct Corpus {
    passages: Vec<Passage>,
    questions: Vec<Question>,
}

#[derive(Deserialize)]
struct Passage {
    text: String,
}

#[derive(Deserialize)]
struct Question {
    text: String,
}

#[tokio::main]
async fn main() {
    let chunks = env_number("BENCH_CHUNKS", 10_000);
    let searches = env_number("BENCH_SEARCHES", 2_000);
    let corpus: Corpus = serde_json::from_str(CORPUS).expect("the corpus reads");

    println!("dastyar knowledge benchmark: {chunks} chunks, {searches} searches");
    reading();

    let data = tempdir::TempDir::new();
    let sqlite = format!("sqlite://{}?mode=rwc", data.path().join("bench.db").display());
    run("SQLite", &sqlite, data.path(), &corpus, chunks, searches).await;
    match postgres_base() {
        Some(base) => {
            let schema = PostgresSchema::create(&base).await;
            run("PostgreSQL", &schema.url, data.path(), &corpus, chunks, searches).await;
            schema.drop_now().await;
        }
        None => println!("PostgreSQL: skipped (set BENCH_POSTGRES_URL to include it)"),
    }
}

/// PDF reading alone: pages per second for the two fixture producers.
fn reading() {
    for (name, bytes) in [("persian.pdf (LibreOffice)", PDF), ("two-pages.pdf (fpdf2)", TWO_PAGES)]
    {
        let started = Instant::now();
        let mut pages = 0;
        while started.elapsed() < Duration::from_secs(2) {
            pages += extract(bytes, Format::Pdf).expect("the fixture reads").len();
        }
        let rate = pages as f64 / started.elapsed().as_secs_f64();
        println!("{:<44} {:>10.0} pages/s", format!("read PDF {name}"), rate);
    }
}

async fn run(
    backend: &str,
    url: &str,
    data: &std::path::Path,
    corpus: &Corpus,
    chunks: usize,
    searches: usize,
) {
    sqlx::any::install_default_drivers();
    let mut config = Config::with_data_dir(data.join(backend));
    config.database_url = Some(url.to_owned());
    let state = AppState::open(config).await.expect("the app opens");
    let Ok(user) =
        users::create(&state.db, &format!("bench-{backend}@example.com"), "b", "x").await
    else {
        panic!("a user could not be made");
    };
    let project = projects::create(&state.db, user.id, "bench").await.expect("a project");
    let node = NewNode {
        project_id: project.id,
        name: "پایگاه فایل".into(),
        position: Position { x: 0.0, y: 0.0 },
        container_id: None,
        width: None,
        height: None,
        status: CreationStatus::Success,
        payload: NodePayload::Filedb(FileDbData::default().to_payload()),
    };
    let node = nodes::insert(&state.db, user.id, &node).await.expect("insert").expect("a node");

    // Indexing: handbooks of 100 pages built from the corpus's sentences,
    // until the store holds the chunks wanted.
    let sentences: Vec<&str> = corpus
        .passages
        .iter()
        .flat_map(|p| p.text.split(['.', '؟', '!']))
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    let mut random = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move |n: usize| {
        random ^= random << 13;
        random ^= random >> 7;
        random ^= random << 17;
        (random % n as u64) as usize
    };
    let (mut stored, mut pages, mut file_id) = (0, 0, 0);
    let (mut preparing, mut storing) = (Duration::ZERO, Duration::ZERO);
    let vacuum_after_index = std::env::var("BENCH_NO_VACUUM_AFTER_INDEX").is_err();
    let mut vacuuming = Duration::ZERO;
    while stored < chunks {
        file_id += 1;
        let sections: Vec<Section> = (1..=PAGES_PER_DOCUMENT as u32)
            .map(|page| {
                let mut text = String::new();
                while text.chars().count() < 800 {
                    text.push_str(sentences[next(sentences.len())]);
                    text.push_str(". ");
                }
                Section { location: Location::Page { page }, text }
            })
            .collect();
        let name = format!("راهنما-{file_id}.pdf");
        let mut tx = Tx::begin(&state.db).await.expect("tx");
        let new = NewDocument {
            user_id: user.id,
            source_node_id: node.id,
            file_id,
            company_id: None,
            name: &name,
        };
        let document = store::queue(&mut tx, &new).await.expect("queue");
        tx.commit().await.expect("commit");
        let started = Instant::now();
        let prepared = prepare(&sections).expect("chunks");
        preparing += started.elapsed();
        let started = Instant::now();
        let read = ReadDocument {
            id: document.id,
            revision: document.revision,
            sections: sections.len() as i64,
            characters: 0,
            chunks: &prepared,
        };
        assert!(store::replace_chunks(&state.db, &read).await.expect("stored"));
        storing += started.elapsed();
        if vacuum_after_index {
            // As the index job does once a document is stored.
            let started = Instant::now();
            store::after_bulk_index(&state.db, &prepared).await;
            vacuuming += started.elapsed();
        }
        stored += prepared.len();
        pages += sections.len();
    }
    let indexing = preparing + storing + vacuuming;
    println!(
        "{:<44} {:>10.0} pages/s ({pages} pages, {stored} chunks in {:.1} s: {:.1} s chunking and counting terms, {:.1} s storing, {:.1} s vacuuming after each document)",
        format!("{backend}: index"),
        pages as f64 / indexing.as_secs_f64(),
        indexing.as_secs_f64(),
        preparing.as_secs_f64(),
        storing.as_secs_f64(),
        vacuuming.as_secs_f64()
    );

    if backend == "PostgreSQL" {
        // Whether the vacuums after each document marked the postings' pages
        // (as the last vacuum left them; 0 when none ran: the searches then
        // look rows up in the table).
        let (pages, visible): (i64, i64) = sqlx::query_as(
            "SELECT pg_relation_size(oid) / CAST(current_setting('block_size') AS BIGINT),
                    CAST(relallvisible AS BIGINT)
             FROM pg_class WHERE oid = CAST('knowledge_postings' AS regclass)",
        )
        .fetch_one(state.db.pool())
        .await
        .expect("pg_class");
        println!("{:<44} {visible} of {pages} pages", format!("{backend}: postings all-visible"));
    }

    // Searching: the corpus's questions, as people type them, round and round,
    // straight after indexing (as the index job leaves the store: on
    // PostgreSQL each large document's rows vacuumed, so marked visible to
    // all, unless BENCH_NO_VACUUM_AFTER_INDEX) and again once a full
    // `VACUUM (ANALYZE)` has been over every table (what autovacuum leaves
    // eventually; it also gathers statistics).
    let scope = Scope { sources: vec![node.id], company_id: None };
    let just_indexed = if vacuum_after_index || backend != "PostgreSQL" {
        "just indexed"
    } else {
        "just indexed, not vacuumed"
    };
    searching(&state, backend, just_indexed, &scope, corpus, stored, searches).await;
    if backend == "PostgreSQL" {
        for table in ["knowledge_postings", "knowledge_chunks", "knowledge_documents"] {
            let vacuum = format!("VACUUM (ANALYZE) {table}");
            state.db.pool().execute(AssertSqlSafe(vacuum)).await.expect("vacuum");
        }
        searching(&state, backend, "vacuumed", &scope, corpus, stored, searches).await;
    }
}

/// Search latency over `searches` of the corpus's questions, printed.
async fn searching(
    state: &AppState,
    backend: &str,
    phase: &str,
    scope: &Scope,
    corpus: &Corpus,
    stored: usize,
    searches: usize,
) {
    for question in corpus.questions.iter().take(20) {
        lexical_search(&state.db, scope, &question.text, 5).await.expect("warm-up");
    }
    let mut latencies = Vec::with_capacity(searches);
    let started = Instant::now();
    for i in 0..searches {
        let question = &corpus.questions[i % corpus.questions.len()].text;
        let one = Instant::now();
        let found = lexical_search(&state.db, scope, question, 5).await.expect("search");
        latencies.push(one.elapsed());
        assert!(found.len() <= 5);
    }
    let timings = Timings { latencies, wall: started.elapsed() };
    let p99 = timings.percentile(0.99);
    println!(
        "{:<44} p50 {:>6.2} ms  p99 {:>6.2} ms  (goal p99 < {SEARCH_P99_GOAL_MS} ms: {})",
        format!("{backend}: search {stored} chunks, {phase}"),
        timings.percentile(0.5),
        p99,
        if p99 < SEARCH_P99_GOAL_MS { "met" } else { "not met" }
    );
}
