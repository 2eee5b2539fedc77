//! Uploaded files through the file store: the data folder by default, and a
//! real S3-compatible server (moto's, from PyPI, installed by `make
//! moto`) shared by two instances on one database.

mod common;

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use axum::http::{StatusCode, header};
use common::canvas::Canvas;
use common::upload::upload;
use common::{Backend, TestApp, TestEnv, for_each_backend, postgres_url};
use dastyar_core::NodeKind;
use dastyar_server::canvas::file_store::FileStore;
use dastyar_server::jobs::run_until_idle;
use dastyar_server::{AppState, Config};
use futures_util::TryStreamExt;
use object_store::ObjectStore;
use object_store::aws::AmazonS3Builder;
use serde_json::{Value, json};

const SHIPPING: &str = "ارسال سفارش‌ها\n\nسفارش‌های تهران ظرف ۲ روز کاری می‌رسند و \
     هزینهٔ ارسال برای خریدهای بالای ۵۰۰ هزار تومان رایگان است.";

async fn search(app: &TestApp, token: &str, node: i64, query: &str) -> Vec<Value> {
    let path = format!("/api/knowledge/{node}/search");
    let response = app.post(&path, Some(token), json!({"query": query})).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json().as_array().cloned().unwrap()
}

/// Uploads the shipping text into a new file database; the node's id.
async fn shipping_upload(app: &TestApp, token: &str, user: i64) -> i64 {
    let project = app.create_project(token, "فایل‌ها").await;
    let db = Canvas::new(app, user, project).node(NodeKind::Filedb, json!({})).await;
    let response = upload(app, token, db, "ارسال.txt", SHIPPING.as_bytes()).await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
    db
}

#[tokio::test]
async fn the_data_folder_is_the_default_store() {
    for_each_backend(|app| async move {
        let root = app.state.config.data_dir.join("files");
        assert_eq!(app.state.files.local_root(), Some(root.as_path()));
        let (token, user) = app.register("local-store@example.com").await;
        let db = shipping_upload(&app, &token, user).await;
        assert_eq!(std::fs::read(root.join(format!("{db}/1"))).unwrap(), SHIPPING.as_bytes());

        let response = app.get(&format!("/api/filedb/{db}/files/1"), Some(&token)).await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        assert_eq!(response.body.as_ref(), SHIPPING.as_bytes());
        assert_eq!(response.headers[header::CONTENT_LENGTH], SHIPPING.len().to_string());

        run_until_idle(&app.state).await.unwrap();
        let found = search(&app, &token, db, "هزینه ارسال").await;
        assert_eq!(found.first().map(|p| &p["name"]), Some(&json!("ارسال.txt")), "{found:?}");

        let removed = app.delete(&format!("/api/filedb/file/1?node_id={db}"), Some(&token)).await;
        assert_eq!(removed.status, StatusCode::OK, "{}", removed.text());
        assert_eq!(app.state.files.read(db, 1).await.unwrap(), None);
        assert!(!root.join(db.to_string()).exists(), "the empty node folder goes too");
    })
    .await;
}

/// moto's S3 server on a free port, stopped when dropped.
struct Moto {
    child: Child,
    endpoint: String,
}

impl Drop for Moto {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The interpreter `make moto` installs moto into.
fn moto_python() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../target/moto-venv/bin/python"))
}

/// Starts moto, or says why not: with `CI=true` that fails the test,
/// elsewhere the test is skipped with a line saying so.
async fn moto() -> Option<Moto> {
    let required = std::env::var("CI").is_ok_and(|ci| ci == "true");
    let fail = |why: String| {
        if required {
            panic!("CI=true needs moto for the object store tests: {why} (run `make moto`)");
        }
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "S3 tests skipped: {why} (run `make moto`)");
    };
    let python = moto_python();
    if !python.exists() {
        fail(format!("{} is missing", python.display()));
        return None;
    }
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let child = Command::new(&python)
        .args(["-m", "moto.server", "-H", "127.0.0.1", "-p", &port.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    let child = match child {
        Ok(child) => child,
        Err(e) => {
            fail(format!("moto did not start: {e}"));
            return None;
        }
    };
    let moto = Moto { child, endpoint: format!("http://127.0.0.1:{port}") };
    let started = Instant::now();
    let client = reqwest::Client::new();
    while client.get(&moto.endpoint).send().await.is_err() {
        if started.elapsed() > Duration::from_secs(60) {
            fail(format!("moto did not answer on {} within a minute", moto.endpoint));
            return None;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    Some(moto)
}

impl Moto {
    /// A new empty bucket.
    async fn bucket(&self) -> String {
        let name = format!("dastyar-{:08x}", rand::random::<u32>());
        let response =
            reqwest::Client::new().put(format!("{}/{name}", self.endpoint)).send().await.unwrap();
        assert!(response.status().is_success(), "creating {name}: {}", response.status());
        name
    }

    /// Credentials moto takes (any), as the `AWS_*` variables would give them.
    fn credentials(&self) -> AmazonS3Builder {
        AmazonS3Builder::new()
            .with_access_key_id("testing")
            .with_secret_access_key("testing")
            .with_region("us-east-1")
    }

    /// Every object in `bucket`, straight from the server.
    async fn objects(&self, bucket: &str) -> Vec<String> {
        let store = self
            .credentials()
            .with_bucket_name(bucket)
            .with_endpoint(&self.endpoint)
            .with_allow_http(true)
            .build()
            .unwrap();
        let listed: Vec<_> = store.list(None).try_collect().await.unwrap();
        let mut keys: Vec<String> = listed.into_iter().map(|m| m.location.to_string()).collect();
        keys.sort();
        keys
    }

    /// Multipart uploads started in `bucket` and neither completed nor aborted.
    async fn unfinished_uploads(&self, bucket: &str) -> usize {
        let url = format!("{}/{bucket}?uploads", self.endpoint);
        let listing = reqwest::Client::new().get(url).send().await.unwrap().text().await.unwrap();
        listing.matches("<UploadId>").count()
    }

    /// The app on `config` with its files in `bucket` under `dastyar/`.
    async fn app(&self, mut config: Config, bucket: &str, backend: Backend) -> TestApp {
        let url = format!("s3://{bucket}/dastyar");
        config.object_store_url = Some(url.clone());
        config.object_store_endpoint = Some(self.endpoint.clone());
        let mut state = AppState::open(config).await.expect("the app opens");
        // As `open` built it, with the credentials this test cannot put in the environment.
        state.files = FileStore::s3(&url, Some(&self.endpoint), self.credentials()).unwrap();
        TestApp { router: dastyar_server::app(state.clone()), state, backend }
    }
}

/// SQLite, and PostgreSQL when there is one.
fn backends() -> Vec<Backend> {
    let mut backends = vec![Backend::Sqlite];
    if postgres_url().is_some() {
        backends.push(Backend::Postgres);
    }
    backends
}

#[tokio::test]
async fn files_round_trip_through_an_s3_bucket() {
    let Some(moto) = moto().await else { return };
    for backend in backends() {
        let env = TestEnv::new(backend).await;
        let bucket = moto.bucket().await;
        let mut config = env.config();
        config.max_upload_mb = 6;
        let app = moto.app(config, &bucket, backend).await;
        assert_eq!(app.state.files.local_root(), None);
        let (token, user) = app.register("bucket@example.com").await;
        let db = shipping_upload(&app, &token, user).await;
        // Over one 5 MiB part: a multipart upload of two parts.
        let big: Vec<u8> = (0..6 * 1024 * 1024).map(|i| (i % 251) as u8).collect();
        let response = upload(&app, &token, db, "big.bin", &big).await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        assert_eq!(
            moto.objects(&bucket).await,
            [format!("dastyar/{db}/1"), format!("dastyar/{db}/2")]
        );
        assert!(!env.dir.join("data/files").join(db.to_string()).exists(), "nothing on disk");

        let response = app.get(&format!("/api/filedb/{db}/files/2"), Some(&token)).await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        assert!(response.body.as_ref() == big.as_slice(), "the bytes come back as sent");
        run_until_idle(&app.state).await.unwrap();
        let found = search(&app, &token, db, "هزینه ارسال").await;
        assert_eq!(found.first().map(|p| &p["name"]), Some(&json!("ارسال.txt")), "{found:?}");

        // Over the limit: refused, and nothing of it is left in the bucket.
        let over = vec![1u8; 6 * 1024 * 1024 + 1];
        upload(&app, &token, db, "over.bin", &over).await.assert_error(413, "too_large");
        assert_eq!(moto.objects(&bucket).await.len(), 2);
        assert_eq!(moto.unfinished_uploads(&bucket).await, 0);

        let removed = app.delete(&format!("/api/filedb/file/1?node_id={db}"), Some(&token)).await;
        assert_eq!(removed.status, StatusCode::OK, "{}", removed.text());
        assert_eq!(moto.objects(&bucket).await, [format!("dastyar/{db}/2")]);
        app.get(&format!("/api/filedb/{db}/files/1"), Some(&token))
            .await
            .assert_error(404, "not_found");

        // Deleting the node empties its prefix.
        let deleted = app.delete(&format!("/api/filedb/{db}"), Some(&token)).await;
        assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.text());
        assert!(moto.objects(&bucket).await.is_empty());
        drop(app);
        env.remove().await;
    }
}

#[tokio::test]
async fn two_instances_share_one_bucket() {
    let Some(moto) = moto().await else { return };
    for backend in backends() {
        let env = TestEnv::new(backend).await;
        let bucket = moto.bucket().await;
        let mut config = env.config();
        // What instances of one deployment share besides the database and the bucket.
        config.jwt_secret = Some("a secret both instances sign with".to_owned());
        config.secret_key = Some("ab".repeat(32));
        let mut elsewhere = config.clone();
        elsewhere.data_dir = env.dir.join("second-data");
        let first = moto.app(config, &bucket, backend).await;
        let second = moto.app(elsewhere, &bucket, backend).await;

        let (token, user) = first.register("two@example.com").await;
        let db = shipping_upload(&first, &token, user).await;

        // The second reads and indexes what the first took in, and finds it.
        assert!(run_until_idle(&second.state).await.unwrap() >= 1);
        let found = search(&second, &token, db, "هزینه ارسال سفارش").await;
        assert_eq!(found.first().map(|p| &p["name"]), Some(&json!("ارسال.txt")), "{found:?}");
        let response = second.get(&format!("/api/filedb/{db}/files/1"), Some(&token)).await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        assert_eq!(response.body.as_ref(), SHIPPING.as_bytes());
        drop((first, second));
        env.remove().await;
    }
}
