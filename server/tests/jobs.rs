//! Assistant creation in the background: `async: true` answers with a job,
//! the worker (run here by hand, one job at a time) finishes it, the job is
//! polled, failed jobs are retried, and nobody else sees them. An index job
//! that fails leaves its document failed, to be read again.

mod common;

use axum::http::StatusCode;
use common::canvas::Canvas;
use common::nodes::{create_node, db_id, post_node};
use common::upload::upload;
use common::{TestApp, for_each_backend};
use dastyar_core::{MessageCode, NodeKind};
use dastyar_fakes::openai::FakeOpenAi;
use dastyar_server::jobs;
use serde_json::{Value, json};

const ASSISTANTS: &str = "/api/playground/assistants";

async fn job(app: &TestApp, token: &str, id: i64) -> Value {
    let response = app.get(&format!("{ASSISTANTS}/jobs/{id}"), Some(token)).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json()
}

/// Creates an assistant asynchronously: (job id, node).
async fn queue(app: &TestApp, token: &str, project: i64, fields: Value) -> (i64, Value) {
    let mut body = json!({"async": true});
    body.as_object_mut().unwrap().extend(fields.as_object().unwrap().clone());
    let response = post_node(app, token, ASSISTANTS, project, "دستیار", body).await;
    assert_eq!(response.status, StatusCode::ACCEPTED, "{}", response.text());
    let answer = response.json();
    assert_eq!(answer["status"], "processing");
    (answer["job_id"].as_i64().unwrap(), answer["node"].clone())
}

async fn run_once(app: &TestApp) -> Option<i64> {
    jobs::run_once(&app.state).await.expect("the queue is reachable").map(|job| job.id)
}

#[tokio::test]
async fn an_async_assistant_is_finished_by_the_worker() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("owner@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "پروژه").await;

        let (job_id, node) = queue(&app, token, project, json!({"instructions": "فارسی پاسخ بده."})).await;
        assert_eq!(node["type"], "assistant");
        assert_eq!(node["id"], format!("assistant-{}", db_id(&node)));
        assert_eq!(node["data"]["creationStatus"], "pending");
        assert_eq!(node["data"]["instructions"], "فارسی پاسخ بده.");
        assert!(node["data"].get("provider_status").is_none(), "{node}");
        assert_eq!(
            job(&app, token, job_id).await,
            json!({"id": job_id, "status": "queued", "progress": 0, "attempts": 0})
        );
        // The node is there, pending, before the worker runs.
        let item = format!("{ASSISTANTS}/{}", db_id(&node));
        assert_eq!(app.get(&item, Some(token)).await.json()["data"]["creationStatus"], "pending");
        // An edit meanwhile is kept, and does not finish the creation.
        let edited = common::nodes::patch(&app, &item, token, json!({"model": "gpt-4o-mini"})).await;
        assert_eq!(edited.json()["data"]["creationStatus"], "pending");

        assert_eq!(run_once(&app).await, Some(job_id));
        assert_eq!(run_once(&app).await, None);

        let done = job(&app, token, job_id).await;
        assert_eq!(done["status"], "completed", "{done}");
        assert_eq!(done["progress"], 100);
        assert_eq!(done["attempts"], 1);
        assert!(done.get("error").is_none());
        let finished = &done["result"]["node"];
        assert_eq!(finished["id"], node["id"]);
        assert_eq!(finished["database_id"], node["database_id"]);
        assert_eq!(finished["data"]["creationStatus"], "success");
        assert_eq!(finished["data"]["model"], "gpt-4o-mini");
        // No provider configured: said so, and no provider id is made up.
        assert_eq!(finished["data"]["provider_status"], "not_configured");
        assert!(finished["data"].get("assistant_id").is_none());
        assert_eq!(&app.get(&item, Some(token)).await.json(), finished);

        // Analyzers too, and through /api/assistants.
        let body = json!({"project_id": project, "name": "تحلیل", "position_x": 0, "position_y": 0, "async": true, "assistant_type": "conversation_analyzer"});
        let queued = app.post("/api/assistants", Some(token), body).await;
        assert_eq!(queued.status, StatusCode::ACCEPTED, "{}", queued.text());
        let analyzer_job = queued.json()["job_id"].as_i64().unwrap();
        assert_eq!(queued.json()["node"]["type"], "analyzer");
        assert_eq!(run_once(&app).await, Some(analyzer_job));
        let done = app.get(&format!("/api/assistants/jobs/{analyzer_job}"), Some(token)).await.json();
        assert_eq!(done["result"]["node"]["type"], "analyzer");
        assert_eq!(done["result"]["node"]["data"]["model"], "gpt-4o");

        // Without async, the same happens before the answer.
        let now = create_node(&app, token, ASSISTANTS, project, "فوری", json!({"async": false})).await;
        assert_eq!(now["data"]["creationStatus"], "success");
        assert_eq!(now["data"]["provider_status"], "not_configured");
        assert_eq!(run_once(&app).await, None);
    })
    .await;
}

#[tokio::test]
async fn a_job_whose_node_is_gone_fails_and_can_be_retried() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("owner@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "پروژه").await;
        let (job_id, node) = queue(&app, token, project, json!({})).await;
        let deleted = app.delete(&format!("{ASSISTANTS}/{}", db_id(&node)), Some(token)).await;
        assert_eq!(deleted.status, StatusCode::OK);

        // Not failed yet: nothing to retry.
        let retry = format!("{ASSISTANTS}/jobs/{job_id}/retry");
        app.post(&retry, Some(token), json!({})).await.assert_error(409, "conflict");

        assert_eq!(run_once(&app).await, Some(job_id));
        let failed = job(&app, token, job_id).await;
        assert_eq!(failed["status"], "failed", "{failed}");
        assert_eq!(failed["attempts"], 1);
        assert!(failed.get("result").is_none());
        let expected =
            MessageCode::JobFailed.render(&[("error", MessageCode::JobNodeMissing.persian())]);
        assert_eq!(failed["error"], expected);

        let retried = app.post(&retry, Some(token), json!({})).await;
        assert_eq!(retried.status, StatusCode::OK, "{}", retried.text());
        let retried = retried.json();
        assert_eq!(retried["status"], "queued");
        assert_eq!(retried["progress"], 0);
        assert!(retried.get("error").is_none());
        // Once queued it is not failed: a second retry is a conflict.
        app.post(&retry, Some(token), json!({})).await.assert_error(409, "conflict");
        assert_eq!(job(&app, token, job_id).await["status"], "queued");

        assert_eq!(run_once(&app).await, Some(job_id));
        let again = job(&app, token, job_id).await;
        assert_eq!((&again["status"], &again["attempts"]), (&json!("failed"), &json!(2)));

        // A completed job is no retry either.
        let (done, _) = queue(&app, token, project, json!({})).await;
        run_once(&app).await;
        app.post(&format!("{ASSISTANTS}/jobs/{done}/retry"), Some(token), json!({}))
            .await
            .assert_error(409, "conflict");
    })
    .await;
}

#[tokio::test]
async fn jobs_are_their_owners_alone() {
    for_each_backend(|app| async move {
        let (mine, _) = app.register("owner@example.com").await;
        let (theirs, _) = app.register("other@example.com").await;
        let project = app.create_project(&mine, "پروژه").await;
        let (job_id, _) = queue(&app, &mine, project, json!({})).await;

        for prefix in [ASSISTANTS, "/api/assistants"] {
            app.get(&format!("{prefix}/jobs/{job_id}"), Some(&theirs))
                .await
                .assert_error(404, "not_found");
            app.post(&format!("{prefix}/jobs/{job_id}/retry"), Some(&theirs), json!({}))
                .await
                .assert_error(404, "not_found");
            app.get(&format!("{prefix}/jobs/{job_id}"), None)
                .await
                .assert_error(401, "unauthenticated");
            for id in ["999999", "-1", "abc", "1.5"] {
                app.get(&format!("{prefix}/jobs/{id}"), Some(&mine))
                    .await
                    .assert_error(404, "not_found");
                app.post(&format!("{prefix}/jobs/{id}/retry"), Some(&mine), json!({}))
                    .await
                    .assert_error(404, "not_found");
            }
        }
        // Their worker run still finishes my job, for me.
        assert_eq!(run_once(&app).await, Some(job_id));
        assert_eq!(job(&app, &mine, job_id).await["status"], "completed");
    })
    .await;
}

#[tokio::test]
async fn registration_checks_the_model_at_the_provider() {
    for_each_backend(|app| async move {
        let fake = FakeOpenAi::start().await;
        let mut config = (*app.state.config).clone();
        config.providers.llm.base_url = Some(fake.base_url.clone());
        let app = TestApp::open(config, app.backend).await;
        let (token, _) = app.register("owner@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "پروژه").await;

        // A model the provider serves: registered, with an id of its own.
        let (job_id, _) = queue(&app, token, project, json!({})).await;
        assert_eq!(run_once(&app).await, Some(job_id));
        let done = job(&app, token, job_id).await;
        assert_eq!(done["status"], "completed", "{done}");
        let node = &done["result"]["node"]["data"];
        assert_eq!(node["provider_status"], "registered");
        assert_eq!(node["creationStatus"], "success");
        let id = node["assistant_id"].as_str().unwrap();
        assert!(id.starts_with("asst_"), "{id}");

        // A model it does not serve: the spec's unsupported-model failure.
        let (job_id, unknown) =
            queue(&app, token, project, json!({"model": "no-such-model"})).await;
        assert_eq!(run_once(&app).await, Some(job_id));
        let failed = job(&app, token, job_id).await;
        assert_eq!(failed["status"], "failed");
        let error = failed["error"].as_str().unwrap();
        assert!(error.contains("no-such-model"), "{error}");
        let item = format!("{ASSISTANTS}/{}", db_id(&unknown));
        assert_eq!(app.get(&item, Some(token)).await.json()["data"]["creationStatus"], "error");

        // An outage: failed with a Persian reason, then retried once it is back.
        fake.set_down(true);
        let (job_id, node) = queue(&app, token, project, json!({})).await;
        assert_eq!(run_once(&app).await, Some(job_id));
        let failed = job(&app, token, job_id).await;
        assert_eq!(failed["status"], "failed");
        let reason = MessageCode::LlmRefused.render(&[("reason", "HTTP 502")]);
        assert_eq!(failed["error"], MessageCode::JobFailed.render(&[("error", &reason)]));
        fake.set_down(false);
        let retry =
            app.post(&format!("{ASSISTANTS}/jobs/{job_id}/retry"), Some(token), json!({})).await;
        assert_eq!(retry.status, StatusCode::OK, "{}", retry.text());
        assert_eq!(run_once(&app).await, Some(job_id));
        assert_eq!(job(&app, token, job_id).await["status"], "completed");
        let item = format!("{ASSISTANTS}/{}", db_id(&node));
        let data = &app.get(&item, Some(token)).await.json()["data"];
        assert_eq!(data["provider_status"], "registered");

        // Created at once (not in the background): registered the same way
        // (in place of the one whose model was unknown: the plan allows three).
        let refused = format!("{ASSISTANTS}/{}", db_id(&unknown));
        assert_eq!(app.delete(&refused, Some(token)).await.status, StatusCode::OK);
        let now = create_node(&app, token, ASSISTANTS, project, "فوری", json!({})).await;
        assert_eq!(now["data"]["provider_status"], "registered");
    })
    .await;
}

#[tokio::test]
async fn queued_jobs_survive_a_restart() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("owner@example.com").await;
        let project = app.create_project(&token, "پروژه").await;
        let (job_id, node) = queue(&app, &token, project, json!({})).await;

        let app = app.restart().await;
        assert_eq!(job(&app, &token, job_id).await["status"], "queued");
        assert_eq!(run_once(&app).await, Some(job_id));

        let app = app.restart().await;
        let done = job(&app, &token, job_id).await;
        assert_eq!(done["status"], "completed");
        assert_eq!(done["result"]["node"]["id"], node["id"]);
        let read = app.get(&format!("{ASSISTANTS}/{}", db_id(&node)), Some(&token)).await.json();
        assert_eq!(read["data"]["creationStatus"], "success");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn workers_running_at_once_take_each_job_once() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("owner@example.com").await;
        let project = app.create_project(&token, "پروژه").await;
        let mut queued = Vec::new();
        for _ in 0..3 {
            queued.push(queue(&app, &token, project, json!({})).await.0);
        }
        let analyzer = json!({"assistant_type": "conversation_analyzer"});
        queued.push(queue(&app, &token, project, analyzer).await.0);

        let mut workers = tokio::task::JoinSet::new();
        for _ in 0..6 {
            let state = app.state.clone();
            workers.spawn(async move { jobs::run_until_idle(&state).await.unwrap() });
        }
        let ran: usize = workers.join_all().await.into_iter().sum();
        assert_eq!(ran, queued.len());
        for id in queued {
            let done = job(&app, &token, id).await;
            assert_eq!(
                (&done["status"], &done["attempts"]),
                (&json!("completed"), &json!(1)),
                "{done}"
            );
        }
    })
    .await;
}

#[tokio::test]
async fn the_background_worker_runs_jobs_by_itself() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("owner@example.com").await;
        let project = app.create_project(&token, "پروژه").await;
        let (job_id, _) = queue(&app, &token, project, json!({})).await;
        let worker = jobs::Worker::start(app.state.clone());
        // Poll as the canvas does, without assuming how soon the worker gets to it.
        let mut status = Value::Null;
        for _ in 0..600 {
            status = job(&app, &token, job_id).await["status"].clone();
            if status == "completed" {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        worker.stop().await;
        assert_eq!(status, "completed");
    })
    .await;
}

#[tokio::test]
async fn an_index_job_that_fails_leaves_its_document_failed_to_be_read_again() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("unread@example.com").await;
        let project = app.create_project(&token, "دانش").await;
        let filedb = Canvas::new(&app, user, project).node(NodeKind::Filedb, json!({})).await;
        let uploaded =
            upload(&app, &token, filedb, "ارسال.txt", "ارسال رایگان است.".as_bytes()).await;
        assert_eq!(uploaded.status, StatusCode::CREATED, "{}", uploaded.text());
        let file = uploaded.json()["file"]["id"].as_i64().unwrap();

        // The stored object cannot be opened (a link to itself: not a missing
        // file, which reads as a corrupt one, but the store failing).
        let root = app.state.files.local_root().expect("files kept in the data folder").to_owned();
        let object = root.join(filedb.to_string()).join(file.to_string());
        let bytes = std::fs::read(&object).unwrap();
        std::fs::remove_file(&object).unwrap();
        std::os::unix::fs::symlink(&object, &object).unwrap();
        jobs::run_until_idle(&app.state).await.unwrap();

        let status = app.get(&format!("/api/knowledge/{filedb}"), Some(&token)).await.json();
        let document = &status["documents"][0];
        assert_eq!(document["state"], "failed", "{status}");
        let expected = MessageCode::KnowledgeReadFailed.render(&[("name", "ارسال.txt")]);
        assert_eq!(document["error"], expected.as_str());
        assert_eq!(status["failed"], 1);

        // Once the store answers again, "read again" reads it.
        std::fs::remove_file(&object).unwrap();
        std::fs::write(&object, bytes).unwrap();
        let again =
            app.post(&format!("/api/knowledge/{filedb}/reindex"), Some(&token), json!({})).await;
        assert_eq!(again.status, StatusCode::OK, "{}", again.text());
        jobs::run_until_idle(&app.state).await.unwrap();
        let status = app.get(&format!("/api/knowledge/{filedb}"), Some(&token)).await.json();
        assert_eq!(status["documents"][0]["state"], "ready", "{status}");
    })
    .await;
}
