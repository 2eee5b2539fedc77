//! How well BM25 alone, and then hybrid search, find the right passage for
//! questions typed the way people type them (Arabic ي and ك, missing
//! half-spaces, Latin or Persian digits, colloquial words), over the shipped
//! Persian corpus (`tests/knowledge/corpus_fa.json`). The figures are
//! printed; the floor (the right passage in the top 5 for at least
//! 90% of questions, by BM25 alone) is held by both, so a change to
//! normalisation, terms, ranking or fusion that loses matches fails here.

mod common;

use common::canvas::Canvas;
use common::{Backend, TestApp, for_each_backend};
use dastyar_core::NodeKind;
use dastyar_core::text::{Location, Section};
use dastyar_fakes::openai::FakeOpenAi;
use dastyar_server::knowledge::embedder;
use dastyar_server::knowledge::index_job::prepare;
use dastyar_server::knowledge::search::{Passage as Found, lexical_search, search};
use dastyar_server::store::knowledge::{self as store, NewDocument, ReadDocument, Scope};
use dastyar_server::store::tx::Tx;
use serde::Deserialize;
use serde_json::json;

const CORPUS: &str = include_str!("../../tests/knowledge/corpus_fa.json");
/// The floor: the right passage among the first five.
const TOP_5_FLOOR: f64 = 0.90;

#[derive(Deserialize)]
struct Corpus {
    passages: Vec<Passage>,
    questions: Vec<Question>,
}

#[derive(Deserialize)]
struct Passage {
    id: String,
    page: u32,
    text: String,
}

#[derive(Deserialize)]
struct Question {
    text: String,
    answer: String,
    quirks: Vec<String>,
}

#[tokio::test]
async fn bm25_and_hybrid_search_put_the_right_passage_in_the_top_five_for_nine_questions_in_ten() {
    for_each_backend(|app| {
        async move {
            let corpus: Corpus = serde_json::from_str(CORPUS).expect("the corpus reads");
            assert!(corpus.passages.len() >= 50 && corpus.questions.len() >= 40);
            let (token, owner) = app.register("corpus@example.com").await;
            let project = app.create_project(&token, "پیکره").await;
            let node = Canvas::new(&app, owner, project).node(NodeKind::Filedb, json!({})).await;

            // Each passage is a document of its own, read as its page.
            for (at, passage) in corpus.passages.iter().enumerate() {
                let mut tx = Tx::begin(&app.state.db).await.unwrap();
                let new = NewDocument {
                    user_id: owner,
                    source_node_id: node,
                    file_id: at as i64 + 1,
                    company_id: None,
                    name: &passage.id,
                };
                let document = store::queue(&mut tx, &new).await.unwrap();
                tx.commit().await.unwrap();
                let sections = [Section {
                    location: Location::Page { page: passage.page },
                    text: passage.text.clone(),
                }];
                let chunks = prepare(&sections).unwrap();
                let read = ReadDocument {
                    id: document.id,
                    revision: document.revision,
                    sections: 1,
                    characters: passage.text.chars().count() as i64,
                    chunks: &chunks,
                };
                assert!(store::replace_chunks(&app.state.db, &read).await.unwrap());
            }

            let scope = Scope { sources: vec![node], company_id: None };
            let mut answers = Vec::new();
            for question in &corpus.questions {
                answers
                    .push(lexical_search(&app.state.db, &scope, &question.text, 5).await.unwrap());
            }
            let bm25 = Tally::of(&corpus, &answers);
            bm25.print("BM25", app.backend, &corpus);
            assert!(
                bm25.top_5 as f64 >= TOP_5_FLOOR * corpus.questions.len() as f64,
                "only {} of {} in the top 5:\n{}",
                bm25.top_5,
                corpus.questions.len(),
                bm25.missed.join("\n")
            );

            // The same questions by hybrid search, with the fake's vectors
            // (character trigrams: near what a real model does for misspellings).
            let fake = FakeOpenAi::start().await;
            let mut config = (*app.state.config).clone();
            config.providers.llm.base_url = Some(fake.base_url.clone());
            config.providers.llm.embedding_model = Some("text-embedding-3-small".into());
            let hybrid_app = TestApp::open(config, app.backend).await;
            let embedded = embedder::run_until_idle(&hybrid_app.state).await.unwrap();
            assert_eq!(embedded.len(), corpus.passages.len());
            let mut answers = Vec::new();
            for question in &corpus.questions {
                answers.push(search(&hybrid_app.state, &scope, &question.text, 5).await.unwrap());
            }
            let hybrid = Tally::of(&corpus, &answers);
            hybrid.print("BM25 + vectors", app.backend, &corpus);
            assert!(
                hybrid.top_5 as f64 >= TOP_5_FLOOR * corpus.questions.len() as f64,
                "hybrid: only {} in the top 5:\n{}",
                hybrid.top_5,
                hybrid.missed.join("\n")
            );
        }
    })
    .await;
}

/// How many questions found their passage first and in the top 5, and
/// which did not.
struct Tally {
    top_1: usize,
    top_5: usize,
    missed: Vec<String>,
}

impl Tally {
    /// The tally of `answers`, the passages found for each of the corpus's questions.
    fn of(corpus: &Corpus, answers: &[Vec<Found>]) -> Tally {
        let mut tally = Tally { top_1: 0, top_5: 0, missed: Vec::new() };
        for (question, found) in corpus.questions.iter().zip(answers) {
            match found.iter().position(|p| p.source.name == question.answer) {
                Some(rank) => {
                    tally.top_5 += 1;
                    tally.top_1 += usize::from(rank == 0);
                }
                None => tally.missed.push(format!(
                    "  «{}» ({}) → {:?}",
                    question.text,
                    question.quirks.join(", "),
                    found.iter().map(|p| p.source.name.as_str()).collect::<Vec<_>>()
                )),
            }
        }
        tally
    }

    fn print(&self, how: &str, backend: Backend, corpus: &Corpus) {
        let asked = corpus.questions.len();
        let share = |n: usize| 100.0 * n as f64 / asked as f64;
        println!(
            "{how} on {backend:?}, {} passages, {asked} questions: right passage first {} ({:.1}%), in the top 5 {} ({:.1}%) — floor {:.0}%",
            corpus.passages.len(),
            self.top_1,
            share(self.top_1),
            self.top_5,
            share(self.top_5),
            TOP_5_FLOOR * 100.0
        );
        if !self.missed.is_empty() {
            println!("missed:\n{}", self.missed.join("\n"));
        }
    }
}
