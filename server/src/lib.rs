//! `dastyar-server`: Dastyar's HTTP API and the host of its web app.
//!
//! [`app`] builds the whole router from an [`AppState`], so tests drive it
//! without a socket; [`serve`] opens everything from a [`Config`] and listens.

pub mod accounts;
pub mod automation;
pub mod billing;
pub mod canvas;
pub mod channels;
pub mod config;
pub mod db;
pub mod error;
pub mod generated_secret;
pub mod http;
pub mod jobs;
pub mod json_input;
pub mod knowledge;
pub mod names;
pub mod providers;
pub mod rate_limits;
pub mod runtime;
pub mod secrets;
pub mod sms;
pub mod state;
pub mod store;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::response::IntoResponse;
use axum::routing::any;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::timeout::RequestBodyTimeoutLayer;
use tower_http::trace::TraceLayer;

pub use config::Config;
pub use error::ApiError;
pub use state::{AppState, StartupError};

/// The largest request body accepted (413 `too_large` beyond it).
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;

/// The whole application: the API under `/api`, the web app everywhere else.
pub fn app(state: AppState) -> Router {
    let (api, _) = http::api(&state.plans);
    Router::new()
        .nest("/api", api)
        // `nest` does not take `/api/` itself; it is still no web page.
        .route("/api/", any(http::routes::not_found))
        .route("/embed/{key}", axum::routing::get(http::routes::widget::embed_page))
        .merge(http::web::router(&state.config.web_dir))
        // gzip or brotli when the client takes it; a project load comes
        // compressed already (canvas::snapshots), and event streams never are.
        .layer(CompressionLayer::new())
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(RequestBodyTimeoutLayer::new(http::connections::BODY_READ_TIMEOUT))
        .layer(CatchPanicLayer::custom(|_| {
            ApiError::internal("a handler panicked").into_response()
        }))
        // Outside the panic catcher: every answer, even a 500, carries them.
        .layer(axum::middleware::map_response_with_state(
            http::security_headers::OverHttps(state.config.public_url().starts_with("https://")),
            http::security_headers::add,
        ))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}

/// Opens the database, starts the job worker, the Telegram pollers and the
/// analyzers' schedule, listens on the configured address and serves until
/// Ctrl-C or SIGTERM.
pub async fn serve(config: Config) -> Result<(), StartupError> {
    let addr = config.addr;
    let state = AppState::open(config).await?;
    let db = state.db.clone();
    tracing::info!(backend = ?db.backend(), public_url = %state.config.public_url(), "database ready");
    let swept = canvas::files::sweep_stale_uploads(&state.files, canvas::files::STALE_UPLOAD).await;
    if swept > 0 {
        tracing::info!(swept, "removed unfinished uploads left by an earlier run");
    }
    let worker = jobs::Worker::start(state.clone());
    let pollers = channels::telegram::poller::Pollers::start(state.clone());
    let reporter = channels::analyzer::schedule::Reporter::start(state.clone());
    let resyncer = knowledge::google::resync::Resyncer::start(state.clone());
    let embedder = knowledge::embedder::Embedder::start(state.clone());
    let engine = automation::engine::Engine::start(state.clone());
    let max_connections = http::connections::connection_cap(state.config.max_connections);
    let router = app(state);
    let listener = tokio::net::TcpListener::bind(addr).await.map_err(StartupError::Listen)?;
    tracing::info!(
        max_connections,
        "listening on http://{}",
        listener.local_addr().map_err(StartupError::Listen)?
    );
    let limits = http::connections::Limits::new(max_connections);
    http::connections::serve(listener, router, limits, shutdown_signal()).await;
    engine.stop().await;
    embedder.stop().await;
    resyncer.stop().await;
    reporter.stop().await;
    pollers.stop().await;
    worker.stop().await;
    db.close().await;
    tracing::info!("stopped");
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}
