//! Files in filedb and filerepository nodes: upload (multipart), listing,
//! download, removal, limits, and the folder going with its node.

mod common;

use std::path::PathBuf;

use axum::http::{Method, StatusCode, header};
use common::canvas::Canvas;
use common::upload::{BOUNDARY, form, post_form, upload};
use common::{Backend, TestApp, TestEnv, TestResponse, for_each_backend};
use dastyar_core::NodeKind::*;
use dastyar_server::canvas::file_store::FileStore;
use dastyar_server::canvas::files;
use serde_json::{Value, json};

fn stored(app: &TestApp, node: i64, file: i64) -> PathBuf {
    app.state.config.data_dir.join("files").join(node.to_string()).join(file.to_string())
}

fn node_dir(app: &TestApp, node: i64) -> PathBuf {
    app.state.config.data_dir.join("files").join(node.to_string())
}

/// Files left in the upload scratch folder (none once every upload settled).
fn scratch(app: &TestApp) -> usize {
    std::fs::read_dir(app.state.config.data_dir.join("files/.tmp"))
        .map(|dir| dir.count())
        .unwrap_or(0)
}

#[tokio::test]
async fn upload_list_download_delete() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("files@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "فایل").await;
        let c = Canvas::new(&app, user, project);
        let db = c.node(Filedb, json!({})).await;
        let store = c.vectorstore(None).await;
        let response = app
            .post(
                &format!("/api/vectorstores/{store}/addfiledb"),
                Some(token),
                json!({"filedb_id": db}),
            )
            .await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());

        let bytes = "سلام، دنیا\n".repeat(10);
        let response = upload(&app, token, db, "../پوشه/قیمت‌ها.txt", bytes.as_bytes()).await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        let answer = response.json();
        let file = &answer["file"];
        assert_eq!(file["id"], 1);
        assert_eq!(file["name"], "قیمت‌ها.txt");
        assert_eq!(file["size"], bytes.len());
        assert_eq!(file["mime_type"], "text/plain");
        assert!(file["uploaded_at"].as_str().unwrap().ends_with('Z'), "{file}");
        assert_eq!(answer["node"]["id"], format!("filedb-{db}"));
        assert_eq!(answer["node"]["data"]["files"], json!([file]));
        assert_eq!(std::fs::read(stored(&app, db, 1)).unwrap(), bytes.as_bytes());
        assert_eq!(c.data(db).await["files"], json!([file]));

        // The second mount, a repository, and the next id.
        let id = db.to_string();
        let body = form(&[
            ("node_id", None, id.as_bytes()),
            ("file", Some(("b.bin", "application/octet-stream")), &[0, 1, 2]),
        ]);
        let response = post_form(&app, "/api/filedb/upload", token, body).await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        assert_eq!(response.json()["file"]["id"], 2);
        let repo = c.node(Filerepository, json!({})).await;
        let response = upload(&app, token, repo, "r.txt", b"repo").await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        assert_eq!(response.json()["node"]["type"], "filerepository");

        // Listed where the vector store reads them.
        let listed = app.get(&format!("/api/vectorstores/{store}/files"), Some(token)).await.json();
        assert_eq!(listed[0]["files"].as_array().unwrap().len(), 2, "{listed}");
        assert_eq!(listed[0]["files"][0], *file);

        // Back, as uploaded.
        let response = app.get(&format!("/api/filedb/{db}/files/1"), Some(token)).await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        assert_eq!(response.body.as_ref(), bytes.as_bytes());
        assert_eq!(response.headers[header::CONTENT_TYPE], "text/plain");
        let disposition = response.headers[header::CONTENT_DISPOSITION].to_str().unwrap();
        assert!(disposition.starts_with("attachment;"), "{disposition}");
        assert!(disposition.contains("filename*=UTF-8''%D9%82"), "{disposition}");
        app.get(&format!("/api/filedb/{db}/files/9"), Some(token))
            .await
            .assert_error(404, "not_found");

        // Removed, entry and bytes; again is 404.
        let path = format!("/api/filedb/file/1?node_id={db}");
        let response = app.delete(&path, Some(token)).await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        assert_eq!(response.json(), json!({"success": true}));
        app.delete(&path, Some(token)).await.assert_error(404, "not_found");
        assert!(!stored(&app, db, 1).exists());
        let files = c.data(db).await["files"].clone();
        assert_eq!(files.as_array().unwrap().len(), 1);
        assert_eq!(files[0]["id"], 2);
        app.get(&format!("/api/filedb/{db}/files/1"), Some(token))
            .await
            .assert_error(404, "not_found");
        app.delete("/api/filedb/file/2", Some(token))
            .await
            .assert_invalid("node_id", "field_required");
        assert_eq!(scratch(&app), 0);
    })
    .await;
}

#[tokio::test]
async fn missing_fields_and_bad_bodies() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("forms@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "فرم").await;
        let db = Canvas::new(&app, user, project).node(Filedb, json!({})).await;
        let id = db.to_string();
        let path = "/api/playground/filedb/upload";

        let body = form(&[("file", Some(("a.txt", "text/plain")), b"abc")]);
        post_form(&app, path, token, body).await.assert_invalid("node_id", "field_required");
        let body = form(&[("node_id", None, id.as_bytes())]);
        post_form(&app, path, token, body).await.assert_invalid("file", "field_required");
        let body =
            form(&[("file", Some(("a.txt", "text/plain")), b""), ("node_id", None, id.as_bytes())]);
        post_form(&app, path, token, body).await.assert_invalid("file", "upload_failed");
        let body =
            form(&[("file", Some(("a.txt", "text/plain")), b"abc"), ("node_id", None, b"abc")]);
        let details = post_form(&app, path, token, body).await.assert_error(422, "invalid_input");
        assert_eq!(details["field"], "node_id");
        app.post(path, Some(token), json!({"node_id": db}))
            .await
            .assert_invalid("file", "upload_failed");
        let request = axum::http::Request::builder()
            .method(Method::POST)
            .uri(path)
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .header(header::CONTENT_TYPE, format!("multipart/form-data; boundary={BOUNDARY}"))
            .body(axum::body::Body::from("--not-the-boundary\r\nnonsense"))
            .unwrap();
        app.send(request).await.assert_invalid("file", "upload_failed");
        app.raw(Method::POST, path, Some("multipart/form-data; boundary=x"), "")
            .await
            .assert_error(401, "unauthenticated");

        assert!(c_files(&app, user, project, db).await.is_empty());
        assert!(!node_dir(&app, db).exists());
        assert_eq!(scratch(&app), 0);
    })
    .await;
}

async fn c_files(app: &TestApp, user: i64, project: i64, node: i64) -> Vec<Value> {
    Canvas::new(app, user, project).data(node).await["files"].as_array().unwrap().clone()
}

#[tokio::test]
async fn another_users_node_is_not_mine() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("owner@example.com").await;
        let (stranger, _) = app.register("stranger@example.com").await;
        let project = app.create_project(&token, "مال من").await;
        let c = Canvas::new(&app, user, project);
        let db = c.node(Filedb, json!({})).await;
        let other = c.node(Vectorstore, json!({})).await;
        let response = upload(&app, &token, db, "mine.txt", b"mine").await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());

        upload(&app, &stranger, db, "x.txt", b"theirs").await.assert_error(404, "not_found");
        upload(&app, &token, other, "x.txt", b"wrong kind").await.assert_error(404, "not_found");
        upload(&app, &token, 999_999, "x.txt", b"nowhere").await.assert_error(404, "not_found");
        assert_eq!(c_files(&app, user, project, db).await.len(), 1);
        assert!(!node_dir(&app, other).exists());
        assert!(!node_dir(&app, 999_999).exists());
        assert_eq!(std::fs::read_dir(node_dir(&app, db)).unwrap().count(), 1);
        assert_eq!(scratch(&app), 0);

        app.get(&format!("/api/filedb/{db}/files/1"), Some(&stranger))
            .await
            .assert_error(404, "not_found");
        app.delete(&format!("/api/filedb/file/1?node_id={db}"), Some(&stranger))
            .await
            .assert_error(404, "not_found");
        assert!(stored(&app, db, 1).exists());
        assert_eq!(c_files(&app, user, project, db).await.len(), 1);

        // Their node delete leaves it; mine takes the folder with it.
        app.delete(&format!("/api/filedb/{db}"), Some(&stranger))
            .await
            .assert_error(404, "not_found");
        assert!(stored(&app, db, 1).exists());
        let response = app.delete(&format!("/api/filedb/{db}"), Some(&token)).await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        assert!(!node_dir(&app, db).exists());

        let repo = c.node(Filerepository, json!({})).await;
        let response = upload(&app, &token, repo, "r.txt", b"repo").await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        let response = app.delete(&format!("/api/filerepositories/{repo}"), Some(&token)).await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        assert!(!node_dir(&app, repo).exists());
    })
    .await;
}

#[tokio::test]
async fn uploads_have_their_own_limit() {
    // Above the global 2 MiB body limit, within the default 20 MiB.
    for_each_backend(|app| async move {
        let (token, user) = app.register("big@example.com").await;
        let project = app.create_project(&token, "بزرگ").await;
        let db = Canvas::new(&app, user, project).node(Filedb, json!({})).await;
        let bytes = vec![7u8; 3 * 1024 * 1024];
        let response = upload(&app, &token, db, "big.bin", &bytes).await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        assert_eq!(std::fs::metadata(stored(&app, db, 1)).unwrap().len(), bytes.len() as u64);
    })
    .await;

    // A configured limit of 1 MiB: exactly that passes, a byte more is 413.
    let env = TestEnv::new(Backend::Sqlite).await;
    let mut config = env.config();
    config.max_upload_mb = 1;
    let app = TestApp::open(config, Backend::Sqlite).await;
    let (token, user) = app.register("limit@example.com").await;
    let project = app.create_project(&token, "حد").await;
    let db = Canvas::new(&app, user, project).node(Filedb, json!({})).await;
    let response = upload(&app, &token, db, "ok.bin", &vec![1u8; 1024 * 1024]).await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
    upload(&app, &token, db, "over.bin", &vec![1u8; 1024 * 1024 + 1])
        .await
        .assert_error(413, "too_large");
    assert_eq!(c_files(&app, user, project, db).await.len(), 1);
    assert_eq!(std::fs::read_dir(node_dir(&app, db)).unwrap().count(), 1);
    assert_eq!(scratch(&app), 0);
    drop(app);
    env.remove().await;
}

#[tokio::test]
async fn files_fit_the_plans_storage() {
    // A free plan with 1 MiB for files, on both backends.
    let plans = |config: &mut dastyar_server::Config| {
        let mut catalogue: Value =
            serde_json::from_str(dastyar_server::billing::catalogue::BUILTIN_CATALOGUE).unwrap();
        catalogue["plans"][0]["storage_mb"] = json!(1);
        let file = config.data_dir.with_file_name("plans.json");
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, catalogue.to_string()).unwrap();
        config.plans_file = Some(file);
    };
    common::for_each_backend_with(plans, |app| async move {
        let (token, user) = app.register("room@example.com").await;
        let project = app.create_project(&token, "فضا").await;
        let canvas = Canvas::new(&app, user, project);
        let (db, repository) =
            (canvas.node(Filedb, json!({})).await, canvas.node(Filerepository, json!({})).await);
        let part = vec![5u8; 600 * 1024];
        let first = upload(&app, &token, db, "a.bin", &part).await;
        assert_eq!(first.status, StatusCode::CREATED, "{}", first.text());

        // Files of every file node count: the repository has no room left either.
        let refused = upload(&app, &token, repository, "b.bin", &part).await;
        let details = refused.assert_error(403, "storage_quota_exceeded");
        assert!(refused.text().contains("از ۱٫۰ مگابایت، ۰٫۶ مگابایت"), "{}", refused.text());
        assert_eq!(details["used_bytes"], 600 * 1024);
        assert_eq!(details["size"], 600 * 1024);
        assert_eq!(details["limit_bytes"], 1024 * 1024);
        assert!(c_files(&app, user, project, repository).await.is_empty());
        assert_eq!(scratch(&app), 0, "nothing is left of the refused upload");

        // What still fits goes in, to the last byte.
        let rest = vec![6u8; 1024 * 1024 - 600 * 1024];
        let last = upload(&app, &token, repository, "c.bin", &rest).await;
        assert_eq!(last.status, StatusCode::CREATED, "{}", last.text());
        upload(&app, &token, db, "d.bin", b"x").await.assert_error(403, "storage_quota_exceeded");

        // Removing a file makes room again.
        let removed = app.delete(&format!("/api/filedb/file/1?node_id={db}"), Some(&token)).await;
        assert_eq!(removed.status, StatusCode::OK, "{}", removed.text());
        let again = upload(&app, &token, db, "e.bin", &part).await;
        assert_eq!(again.status, StatusCode::CREATED, "{}", again.text());
    })
    .await;
}

#[tokio::test]
async fn deleting_a_project_takes_its_files() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("project-files@example.com").await;
        let (stranger, _) = app.register("project-files-2@example.com").await;
        let project = app.create_project(&token, "با فایل").await;
        let kept = app.create_project(&token, "بماند").await;
        let c = Canvas::new(&app, user, project);
        let db = c.node(Filedb, json!({})).await;
        let repo = c.node(Filerepository, json!({})).await;
        let other = Canvas::new(&app, user, kept).node(Filedb, json!({})).await;
        for node in [db, repo, other] {
            let response = upload(&app, &token, node, "a.txt", b"abc").await;
            assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        }

        // Someone else's delete is a 404 and touches nothing.
        app.delete(&format!("/api/projects/{project}"), Some(&stranger))
            .await
            .assert_error(404, "not_found");
        assert!(stored(&app, db, 1).exists());

        let response = app.delete(&format!("/api/projects/{project}"), Some(&token)).await;
        assert_eq!(response.status, StatusCode::NO_CONTENT, "{}", response.text());
        assert!(!node_dir(&app, db).exists());
        assert!(!node_dir(&app, repo).exists());
        assert!(stored(&app, other, 1).exists(), "another project's files stay");
    })
    .await;
}

#[tokio::test]
async fn start_up_sweeps_only_stale_uploads() {
    let env = TestEnv::new(Backend::Sqlite).await;
    let data = env.config().data_dir;
    let scratch = data.join("files/.tmp");
    std::fs::create_dir_all(&scratch).unwrap();
    // An upload a crash cut short (`#`: still being written) and a finished one never moved.
    let old = scratch.join("old#1");
    let fresh = scratch.join("fresh");
    std::fs::write(&old, b"left by a crash").unwrap();
    std::fs::write(&fresh, b"still uploading").unwrap();
    let long_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(7 * 60 * 60);
    std::fs::File::options().write(true).open(&old).unwrap().set_modified(long_ago).unwrap();

    let store = FileStore::local(&data.join("files")).unwrap();
    let removed = files::sweep_stale_uploads(&store, files::STALE_UPLOAD).await;
    assert_eq!(removed, 1);
    assert!(!old.exists());
    assert!(fresh.exists());
    // No scratch folder at all is nothing to do.
    let empty = FileStore::local(&data.join("none")).unwrap();
    assert_eq!(files::sweep_stale_uploads(&empty, Default::default()).await, 0);
    env.remove().await;
}

async fn upload_for(
    app: &TestApp,
    token: &str,
    node: i64,
    company: &str,
    name: &str,
) -> TestResponse {
    let id = node.to_string();
    let body = form(&[
        ("node_id", None, id.as_bytes()),
        ("company_id", None, company.as_bytes()),
        ("file", Some((name, "text/plain")), name.as_bytes()),
    ]);
    post_form(app, "/api/filedb/upload", token, body).await
}

/// A company of the user's, made by registering a frame for it.
async fn company(app: &TestApp, token: &str, project: i64, name: &str) -> i64 {
    let frame = app
        .post(
            "/api/iframe",
            Some(token),
            json!({"project_id": project, "name": name,
                                                 "position_x": 1, "position_y": 1}),
        )
        .await
        .json()["database_id"]
        .as_i64()
        .unwrap();
    let registered = app
        .post(
            "/api/frames/register",
            Some(token),
            json!({"node_id": frame, "company_name": name, "authorized_domains": ["shop.example"]}),
        )
        .await;
    assert_eq!(registered.status, StatusCode::OK, "{}", registered.text());
    registered.json()["company_id"].as_i64().unwrap()
}

#[tokio::test]
async fn a_shared_file_database_keeps_and_removes_each_companys_files() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("tenants@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "چند شرکت").await;
        let c = Canvas::new(&app, user, project);
        let db = c.node(Filedb, json!({})).await;
        let repository = c.node(Filerepository, json!({})).await;
        let (north, south) = (
            company(&app, token, project, "شمال").await,
            company(&app, token, project, "جنوب").await,
        );

        let a = upload_for(&app, token, db, &north.to_string(), "north-1.txt").await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.text());
        assert_eq!(a.json()["file"]["company_id"], north);
        upload_for(&app, token, db, &north.to_string(), "north-2.txt").await;
        upload_for(&app, token, db, &south.to_string(), "south.txt").await;
        upload(&app, token, db, "shared.txt", b"shared").await;

        // A company that is not mine, or not a number, or on a repository: refused, nothing stored.
        let (other, _) = app.register("other-tenant@example.com").await;
        let theirs = company(&app, &other, app.create_project(&other, "دیگر").await, "دیگری").await;
        upload_for(&app, token, db, &theirs.to_string(), "x.txt")
            .await
            .assert_invalid("company_id", "not_found");
        upload_for(&app, token, db, "abc", "x.txt")
            .await
            .assert_invalid("company_id", "invalid_input");
        upload_for(&app, token, repository, &north.to_string(), "x.txt")
            .await
            .assert_invalid("company_id", "file_company_filedb_only");
        assert_eq!(c.data(db).await["files"].as_array().unwrap().len(), 4);
        assert_eq!(scratch(&app), 0);

        let path = |company: i64| format!("/api/filedb/{db}/multitenant/{company}");
        let removed = app.delete(&path(north), Some(token)).await;
        assert_eq!(removed.status, StatusCode::OK, "{}", removed.text());
        assert_eq!(removed.json(), json!({"success": true, "removed": 2}));
        let left: Vec<String> = c.data(db).await["files"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["name"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(left, ["south.txt", "shared.txt"]);
        assert!(!stored(&app, db, 1).exists() && !stored(&app, db, 2).exists());
        assert!(stored(&app, db, 3).exists() && stored(&app, db, 4).exists());
        // Again: nothing left of theirs, no error.
        assert_eq!(app.delete(&path(north), Some(token)).await.json()["removed"], 0);

        // Not mine: the company, the node, or a repository.
        assert_eq!(app.delete(&path(theirs), Some(token)).await.status, StatusCode::NOT_FOUND);
        assert_eq!(app.delete(&path(south), Some(&other)).await.status, StatusCode::NOT_FOUND);
        let on_repository = format!("/api/filedb/{repository}/multitenant/{south}");
        assert_eq!(app.delete(&on_repository, Some(token)).await.status, StatusCode::NOT_FOUND);
        assert_eq!(c.data(db).await["files"].as_array().unwrap().len(), 2);
    })
    .await;
}
