//! A local WordPress site that speaks the REST API as WordPress core does
//! (`WP_REST_Server`, the posts, terms and users controllers, application
//! passwords), with the Basic Auth plugin (WP-API/Basic-Auth) and the JWT
//! plugin (Tmeister's "JWT Authentication for WP REST API") when switched
//! on: `{site}/wp-json/{route}` with pretty permalinks, always
//! `{site}/?rest_route={route}`; errors as `{"code","message","data":{"status"}}`
//! with that HTTP status; `X-WP-Total` and `X-WP-TotalPages` on lists.
//!
//! It serves `/` (the index), `/wp/v2/users/me`, `/wp/v2/users`,
//! `/wp/v2/categories`, `/wp/v2/tags`, `/wp/v2/posts` (list and create),
//! `/wp/v2/posts/{id}`, and with the JWT plugin `/jwt-auth/v1/token` and
//! `/jwt-auth/v1/token/validate`; anything else is `rest_no_route`.
//!
//! Modes a test switches: pretty permalinks off (`/wp-json/` is the
//! theme's 404 page, only `?rest_route=` works), the REST API disabled by a
//! plugin (`rest_disabled` on every route), not WordPress at all (an HTML
//! site), the host dropping the `Authorization` header, application
//! passwords unavailable (plain http), a delay before every answer, and
//! scripted refusals. Every REST request is recorded.

mod auth;
mod control;
mod endpoint;
mod error;
mod html;
mod jwt;
mod paging;
mod params;
mod posts;
mod rest;
mod site;
mod terms;
mod users;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::Router;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use error::WpError;
use site::Site;

/// Seconds since the epoch (the fakes' chrono has no clock).
fn unix_now() -> i64 {
    let since =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    i64::try_from(since.as_secs()).unwrap_or(i64::MAX)
}

/// The secret the JWT plugin signs with (`JWT_AUTH_SECRET_KEY`).
pub const JWT_SECRET: &str = "fake-wordpress-jwt-auth-secret-key";

/// A WordPress role, and what it may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Administrator,
    Editor,
    Author,
    Contributor,
    Subscriber,
}

impl Role {
    pub fn slug(self) -> &'static str {
        match self {
            Role::Administrator => "administrator",
            Role::Editor => "editor",
            Role::Author => "author",
            Role::Contributor => "contributor",
            Role::Subscriber => "subscriber",
        }
    }

    fn from_slug(slug: &str) -> Option<Role> {
        [Role::Administrator, Role::Editor, Role::Author, Role::Contributor, Role::Subscriber]
            .into_iter()
            .find(|role| role.slug() == slug)
    }
}

/// A user of the site. `password` is the real one (the Basic Auth and JWT
/// plugins sign in with it); application passwords are made apart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FakeWpUser {
    pub id: i64,
    pub username: String,
    pub name: String,
    pub email: String,
    pub role: Role,
    pub password: String,
}

/// The JWT plugin: not installed, installed, or installed without
/// `JWT_AUTH_SECRET_KEY` (every token call is `jwt_auth_bad_config`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JwtPlugin {
    #[default]
    Off,
    On,
    WithoutSecret,
}

/// A post as stored.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FakePost {
    pub id: i64,
    pub title: String,
    pub content: String,
    pub excerpt: String,
    pub status: String,
    pub format: String,
    pub author: i64,
    pub categories: Vec<i64>,
    pub tags: Vec<i64>,
    /// Empty until published, as WordPress leaves a draft's.
    pub slug: String,
    /// Site-local `YYYY-MM-DDTHH:MM:SS` (the site's timezone is UTC).
    pub date: String,
    pub link: String,
}

/// How a REST request reached the API.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Via {
    /// `{site}/wp-json/{route}`.
    WpJson,
    /// `{site}/?rest_route={route}`.
    RestRoute,
}

/// One REST request and what the fake answered.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WpRequest {
    pub method: String,
    /// `/wp/v2/posts`, without a trailing slash.
    pub route: String,
    pub via: Via,
    /// The query string's parameters but `rest_route`, in order.
    pub query: Vec<(String, String)>,
    /// The `Authorization` header as it arrived (after a host dropping it).
    pub authorization: Option<String>,
    /// The user the request was made as.
    pub user: Option<i64>,
    /// The body as JSON (a form's fields as strings), `null` when none.
    pub body: Value,
    pub status: u16,
}

/// The switches of [`FakeWordpress`]; see its setters.
#[derive(Debug, Clone, Serialize)]
struct Settings {
    pretty_permalinks: bool,
    rest_disabled: bool,
    not_wordpress: bool,
    basic_auth_plugin: bool,
    jwt_plugin: JwtPlugin,
    application_passwords: bool,
    drop_authorization: bool,
    #[serde(skip)]
    delay: Duration,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            pretty_permalinks: true,
            rest_disabled: false,
            not_wordpress: false,
            basic_auth_plugin: false,
            jwt_plugin: JwtPlugin::Off,
            application_passwords: true,
            drop_authorization: false,
            delay: Duration::ZERO,
        }
    }
}

/// A scripted refusal for the next requests to one route.
#[derive(Debug, Clone)]
struct Failure {
    left: usize,
    error: WpError,
}

struct Inner {
    site: Site,
    settings: Settings,
    /// By route.
    failures: HashMap<String, Failure>,
    requests: Vec<WpRequest>,
}

impl Inner {
    fn take_failure(&mut self, route: &str) -> Option<WpError> {
        let failure = self.failures.get_mut(route)?;
        failure.left -= 1;
        let error = failure.error.clone();
        if failure.left == 0 {
            self.failures.remove(route);
        }
        Some(error)
    }
}

struct Shared {
    /// `http://127.0.0.1:PORT`, the site's home (no trailing slash).
    base_url: String,
    inner: Mutex<Inner>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().expect("the fake's state is not poisoned")
    }
}

/// The running site: its address and what it holds and has seen. It serves
/// until the runtime that started it ends.
#[derive(Clone)]
pub struct FakeWordpress {
    /// The site's address, `http://127.0.0.1:PORT` (what a node's `site_url` holds).
    pub base_url: String,
    shared: Arc<Shared>,
}

impl FakeWordpress {
    /// On a free port of 127.0.0.1.
    pub async fn start() -> FakeWordpress {
        FakeWordpress::start_on("127.0.0.1:0".parse().expect("an address")).await
    }

    /// On a given address (the binary's `--wordpress-port`; 0 takes a free one).
    pub async fn start_on(addr: SocketAddr) -> FakeWordpress {
        let listener = tokio::net::TcpListener::bind(addr).await.expect("the fake's port is free");
        let addr = listener.local_addr().expect("a bound address");
        let base_url = format!("http://{addr}");
        let inner = Inner {
            site: Site::new(),
            settings: Settings::default(),
            failures: HashMap::new(),
            requests: Vec::new(),
        };
        let shared = Arc::new(Shared { base_url: base_url.clone(), inner: Mutex::new(inner) });
        let router = Router::new()
            .merge(control::router())
            .fallback(endpoint::handle)
            .with_state(shared.clone());
        tokio::spawn(async move { axum::serve(listener, router).await.expect("the fake serves") });
        FakeWordpress { base_url, shared }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.shared.lock()
    }

    /// The site's administrator (id 1, `admin`), there from the start.
    pub fn admin(&self) -> FakeWpUser {
        self.lock().site.users[0].user.clone()
    }

    /// A new user with `role`; their real password is `{username}-pass-1402`.
    pub fn add_user(&self, username: &str, name: &str, role: Role) -> FakeWpUser {
        self.lock().site.add_user(username, name, role)
    }

    /// A new application password for the user, as WordPress shows it: 24
    /// letters and digits in six groups of four, separated by spaces.
    ///
    /// # Panics
    /// When no user has this id.
    pub fn application_password(&self, user_id: i64) -> String {
        self.lock()
            .site
            .new_application_password(user_id)
            .unwrap_or_else(|| panic!("application_password: no user {user_id}"))
    }

    /// A token the JWT plugin issued for the user, valid for 7 days.
    pub fn jwt_token(&self, user_id: i64) -> String {
        jwt::issue(&self.base_url, user_id, chrono::Duration::days(7))
    }

    /// A token the JWT plugin issued for the user a week ago, expired now.
    pub fn expired_jwt_token(&self, user_id: i64) -> String {
        jwt::issue(&self.base_url, user_id, chrono::Duration::seconds(-60))
    }

    /// A category (under `parent`, 0 for none); its id.
    pub fn add_category(&self, name: &str, parent: i64) -> i64 {
        self.lock().site.add_term(site::Taxonomy::Category, name, parent)
    }

    /// A tag; its id.
    pub fn add_tag(&self, name: &str) -> i64 {
        self.lock().site.add_term(site::Taxonomy::Tag, name, 0)
    }

    /// The posts, oldest first.
    pub fn posts(&self) -> Vec<FakePost> {
        let inner = self.lock();
        inner
            .site
            .posts
            .iter()
            .map(|post| post.public(&self.base_url, inner.settings.pretty_permalinks))
            .collect()
    }

    /// Every REST request so far, in order.
    pub fn requests(&self) -> Vec<WpRequest> {
        self.lock().requests.clone()
    }

    /// With pretty permalinks (the default) `/wp-json/` serves the API;
    /// without, it is the theme's 404 page and only `?rest_route=` works.
    pub fn set_pretty_permalinks(&self, on: bool) {
        self.lock().settings.pretty_permalinks = on;
    }

    /// A plugin disables the REST API: every route answers `rest_disabled`
    /// (401 to nobody, 403 to a signed-in user).
    pub fn set_rest_disabled(&self, disabled: bool) {
        self.lock().settings.rest_disabled = disabled;
    }

    /// The address is some other site: HTML pages, `/wp-json/` a 404 page.
    pub fn set_not_wordpress(&self, not: bool) {
        self.lock().settings.not_wordpress = not;
    }

    /// The Basic Auth plugin: a user's real password signs in over Basic.
    pub fn set_basic_auth_plugin(&self, on: bool) {
        self.lock().settings.basic_auth_plugin = on;
    }

    pub fn set_jwt_plugin(&self, plugin: JwtPlugin) {
        self.lock().settings.jwt_plugin = plugin;
    }

    /// Application passwords are available (the default; WordPress turns
    /// them off on a site without https that is not a local one).
    pub fn set_application_passwords(&self, available: bool) {
        self.lock().settings.application_passwords = available;
    }

    /// The host drops the `Authorization` header before WordPress sees it
    /// (Apache with PHP as CGI/FastCGI without the documented fix).
    pub fn set_drop_authorization(&self, drop: bool) {
        self.lock().settings.drop_authorization = drop;
    }

    /// Every answer waits this long first.
    pub fn set_delay(&self, delay: Duration) {
        self.lock().settings.delay = delay;
    }

    /// The next `count` requests to `route` (`/wp/v2/posts`) answer the
    /// error `{code, message, data: {status}}` with HTTP `status`, after
    /// the REST API is reached and before anything else.
    pub fn fail_next(&self, route: &str, count: usize, status: u16, code: &str, message: &str) {
        let route = endpoint::normalise_route(route);
        let mut inner = self.lock();
        if count == 0 {
            inner.failures.remove(&route);
            return;
        }
        let error = WpError::new(status, code, message);
        inner.failures.insert(route, Failure { left: count, error });
    }
}
