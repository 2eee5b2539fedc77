//! How well BM25 alone finds the right passage for questions typed the way
//! people type them (Arabic ي and ك, missing half-spaces, Latin or Persian
//! digits, colloquial words), over the shipped Persian corpus
//! (`tests/knowledge/corpus_fa.json`). The figure is printed; the issue's
//! floor (the right passage in the top 5 for at least 90% of questions) is
//! held, so a change to normalisation, terms or ranking that loses matches
//! fails here.

mod common;

use common::canvas::Canvas;
use common::for_each_backend;
use dastyar_core::NodeKind;
use dastyar_core::text::{Location, Section};
use dastyar_server::knowledge::index_job::prepare;
use dastyar_server::knowledge::search::lexical_search;
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
async fn bm25_puts_the_right_passage_in_the_top_five_for_nine_questions_in_ten() {
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
            let (mut top_1, mut top_5) = (0, 0);
            let mut missed = Vec::new();
            for question in &corpus.questions {
                let found = lexical_search(&app.state.db, &scope, &question.text, 5).await.unwrap();
                let rank = found.iter().position(|p| p.source.name == question.answer);
                match rank {
                    Some(0) => {
                        top_1 += 1;
                        top_5 += 1;
                    }
                    Some(_) => top_5 += 1,
                    None => missed.push(format!(
                        "  «{}» ({}) → {:?}",
                        question.text,
                        question.quirks.join(", "),
                        found.iter().map(|p| p.source.name.as_str()).collect::<Vec<_>>()
                    )),
                }
            }
            let asked = corpus.questions.len();
            let share = |n: usize| 100.0 * n as f64 / asked as f64;
            println!(
                "BM25 on {:?}, {} passages, {asked} questions: right passage first {top_1} ({:.1}%), in the top 5 {top_5} ({:.1}%) — floor {:.0}%",
                app.backend,
                corpus.passages.len(),
                share(top_1),
                share(top_5),
                TOP_5_FLOOR * 100.0
            );
            if !missed.is_empty() {
                println!("missed:\n{}", missed.join("\n"));
            }
            assert!(
                top_5 as f64 >= TOP_5_FLOOR * asked as f64,
                "only {top_5} of {asked} in the top 5:\n{}",
                missed.join("\n")
            );
        }
    })
    .await;
}
