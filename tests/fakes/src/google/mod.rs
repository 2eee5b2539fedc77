//! A local Google for the Docs and Sheets sources: OAuth 2.0's authorize
//! page (approves at once and redirects back with a code, or with
//! `error=access_denied` for `login_hint=deny`), the token endpoint
//! (authorization_code with its PKCE S256 check, refresh_token; errors in
//! Google's shape: `invalid_grant`, `invalid_client`), Drive's file metadata
//! and export, and, on an address of its own as at Google
//! (`sheets.googleapis.com`), Sheets' spreadsheet metadata and values. An
//! unknown or expired access token is Google's 401 `UNAUTHENTICATED`.
//!
//! Tests add documents and sheets, change them (their version moves on),
//! make the consent page decline, expire access tokens and revoke refresh
//! tokens; the browser specs do the first three over HTTP (`/_fake/*`).

mod api;
mod control;
mod oauth;
pub mod sha256;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};

use axum::Router;
use axum::routing::{get, post};

/// The OAuth client the fake knows.
pub const CLIENT_ID: &str = "dastyar-test.apps.googleusercontent.com";
pub const CLIENT_SECRET: &str = "GOCSPX-fake-secret";

/// A spreadsheet: its tabs in order, each with its rows.
#[derive(Debug, Clone, Default)]
pub struct FakeSpreadsheet {
    pub name: String,
    pub sheets: Vec<(String, Vec<Vec<String>>)>,
    pub version: u64,
}

#[derive(Debug, Clone, Default)]
struct FakeDoc {
    name: String,
    text: String,
    version: u64,
}

/// A code the authorize page issued, until it is exchanged.
#[derive(Debug, Clone)]
struct Grant {
    challenge: Option<String>,
    redirect_uri: String,
    used: bool,
}

#[derive(Default)]
struct Inner {
    docs: HashMap<String, FakeDoc>,
    spreadsheets: HashMap<String, FakeSpreadsheet>,
    grants: HashMap<String, Grant>,
    /// Access token → still valid.
    access: HashMap<String, bool>,
    /// Refresh token → still valid (false once revoked).
    refresh: HashMap<String, bool>,
    /// The consent page answers `error=access_denied`, as when the owner declines.
    decline_consent: bool,
    next: u64,
    refreshes: usize,
    api_calls: usize,
}

impl Inner {
    fn token(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("{prefix}-{:08}", self.next)
    }

    fn put_doc(&mut self, id: &str, name: &str, text: &str) {
        let version = self.docs.get(id).map_or(1, |d| d.version + 1);
        self.docs.insert(id.to_owned(), FakeDoc { name: name.into(), text: text.into(), version });
    }

    fn put_spreadsheet(&mut self, id: &str, name: &str, sheets: Vec<(String, Vec<Vec<String>>)>) {
        let version = self.spreadsheets.get(id).map_or(1, |s| s.version + 1);
        let spreadsheet = FakeSpreadsheet { name: name.into(), sheets, version };
        self.spreadsheets.insert(id.to_owned(), spreadsheet);
    }
}

type Shared = Arc<Mutex<Inner>>;

/// Serves `router` on `addr`; its base URL.
async fn serve(addr: SocketAddr, router: Router) -> String {
    let listener = tokio::net::TcpListener::bind(addr).await.unwrap();
    let addr: SocketAddr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    format!("http://{addr}")
}

/// The running fake: its base URL (authorize at `{base}/o/oauth2/v2/auth`,
/// tokens at `{base}/token`, Drive under `{base}`) and the Sheets API's.
#[derive(Clone)]
pub struct FakeGoogle {
    pub base_url: String,
    /// Sheets only: a server mixing up the two base URLs gets 404s.
    pub sheets_url: String,
    inner: Shared,
}

impl FakeGoogle {
    pub async fn start() -> FakeGoogle {
        let any = "127.0.0.1:0".parse().expect("an address");
        FakeGoogle::start_on(any, any).await
    }

    /// On given addresses (the binary's `--google-port` and `--google-sheets-port`).
    pub async fn start_on(addr: SocketAddr, sheets_addr: SocketAddr) -> FakeGoogle {
        let inner = Shared::default();
        let router = Router::new()
            .route("/o/oauth2/v2/auth", get(oauth::authorize))
            .route("/token", post(oauth::token))
            .route("/drive/v3/files/{id}", get(api::file))
            .route("/drive/v3/files/{id}/export", get(api::export))
            .merge(control::router())
            .with_state(inner.clone());
        let sheets = Router::new()
            .route("/v4/spreadsheets/{id}", get(api::spreadsheet))
            .route("/v4/spreadsheets/{id}/values/{range}", get(api::values))
            .with_state(inner.clone());
        FakeGoogle {
            base_url: serve(addr, router).await,
            sheets_url: serve(sheets_addr, sheets).await,
            inner,
        }
    }

    pub fn auth_url(&self) -> String {
        format!("{}/o/oauth2/v2/auth", self.base_url)
    }

    pub fn token_url(&self) -> String {
        format!("{}/token", self.base_url)
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap()
    }

    /// A Google doc (or its new text, moving its version on).
    pub fn put_doc(&self, id: &str, name: &str, text: &str) {
        self.lock().put_doc(id, name, text);
    }

    /// A spreadsheet with its tabs (or new contents, moving its version on).
    pub fn put_spreadsheet(&self, id: &str, name: &str, sheets: &[(&str, &[&[&str]])]) {
        let sheets = sheets
            .iter()
            .map(|(title, rows)| {
                let rows = rows.iter().map(|r| r.iter().map(|c| (*c).to_owned()).collect());
                ((*title).to_owned(), rows.collect())
            })
            .collect();
        self.lock().put_spreadsheet(id, name, sheets);
    }

    /// From now on the consent page declines (`true`), as an owner pressing
    /// "Cancel" on Google's does, or approves again (`false`).
    pub fn decline_consent(&self, decline: bool) {
        self.lock().decline_consent = decline;
    }

    /// Every access token issued so far stops working (401), as after an hour.
    pub fn expire_access_tokens(&self) {
        self.lock().access.values_mut().for_each(|valid| *valid = false);
    }

    /// The user revokes the app's access: every refresh token and access
    /// token issued so far stops working.
    pub fn revoke_all(&self) {
        let mut inner = self.lock();
        inner.refresh.values_mut().for_each(|valid| *valid = false);
        inner.access.values_mut().for_each(|valid| *valid = false);
    }

    /// How many refresh_token grants were answered with a new access token.
    pub fn refreshes(&self) -> usize {
        self.lock().refreshes
    }

    /// How many Drive and Sheets calls carried a valid token.
    pub fn api_calls(&self) -> usize {
        self.lock().api_calls
    }
}
