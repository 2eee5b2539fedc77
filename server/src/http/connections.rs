//! How connections are accepted and kept: each costs memory and a file
//! descriptor, so none may cost them for long without asking for something,
//! and there are never more than the server can hold.
//!
//! - A client must send a request's headers within [`HEADER_READ_TIMEOUT`]
//!   of connecting or of its previous answer (hyper's header timer covers
//!   both, so idle keep-alive sockets and half-sent headers are closed).
//! - A request body must keep arriving ([`BODY_READ_TIMEOUT`] between parts).
//! - At most `max_connections` are open at once; one more is answered 503
//!   `server_busy` with `Retry-After` and closed, so the listener never runs
//!   out of descriptors and nobody waits on a socket that is never served.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use dastyar_core::MessageCode;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tower::ServiceExt;

use crate::error::ApiError;

/// How long a client may take to send a request's headers, and how long a
/// kept-alive connection may sit idle.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a request body may pause between its parts.
pub const BODY_READ_TIMEOUT: Duration = Duration::from_secs(30);
/// Descriptors kept back from the connection cap for the database, uploads
/// and outgoing calls.
const DESCRIPTORS_RESERVED: u64 = 256;
/// How long a refused connection is given to read its 503.
const REFUSAL_WRITE_TIMEOUT: Duration = Duration::from_secs(2);
/// What a refused client is asked to wait.
const REFUSAL_RETRY_AFTER: u64 = 5;
/// How long open connections get to finish when the server stops.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// Raises this process's open-file limit to the most the system allows and
/// answers how many connections it can then hold: `wanted`, or fewer when
/// the descriptors do not stretch that far.
pub fn connection_cap(wanted: u64) -> usize {
    let afford = raise_file_limit().saturating_sub(DESCRIPTORS_RESERVED).max(16);
    usize::try_from(wanted.min(afford)).unwrap_or(usize::MAX)
}

/// The open-file limit after raising the soft limit to the hard one.
fn raise_file_limit() -> u64 {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(limit) => limit,
        Err(error) => {
            tracing::warn!(%error, "cannot read or raise the open-file limit");
            1024
        }
    }
}

/// How many connections, and how long a silent one is kept.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub max_connections: usize,
    pub header_read_timeout: Duration,
}

impl Limits {
    /// At most `max_connections` (as [`connection_cap`] allows), headers
    /// within [`HEADER_READ_TIMEOUT`].
    pub fn new(max_connections: usize) -> Limits {
        Limits { max_connections, header_read_timeout: HEADER_READ_TIMEOUT }
    }
}

/// Serves `router` on `listener` within `limits` until `shutdown`
/// completes; then lets open connections finish for a while.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) {
    let open = Arc::new(Semaphore::new(limits.max_connections));
    let graceful = GracefulShutdown::new();
    // HTTP/1.1 only: browsers speak HTTP/2 only over TLS, which a proxy in
    // front ends; and sniffing for HTTP/2 would wait for a first byte with no
    // timer running, which is exactly what a silent socket never sends.
    let mut builder = http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits.header_read_timeout);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of descriptors or memory for a moment: wait, do not spin.
                    tracing::warn!(%error, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            tokio::spawn(refuse(stream));
            continue;
        };
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(router.clone().map_request(
            move |request: Request<Incoming>| {
                let mut request = request.map(Body::new);
                request.extensions_mut().insert(ConnectInfo(remote));
                request
            },
        ));
        let connection = graceful.watch(builder.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!(%error, %remote, "connection ended with an error");
            }
            drop(permit);
        });
    }
    drop(listener);
    if tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown()).await.is_err() {
        tracing::warn!("connections still open after the grace period; closing them");
    }
}

/// Tells one client too many that the server is full, then closes.
async fn refuse(mut stream: TcpStream) {
    let response = refusal();
    let _ = tokio::time::timeout(REFUSAL_WRITE_TIMEOUT, async {
        stream.write_all(&response).await?;
        stream.shutdown().await
    })
    .await;
}

/// A complete HTTP/1.1 503 with the usual JSON error body.
fn refusal() -> Vec<u8> {
    let error =
        ApiError::RetryLater { code: MessageCode::ServerBusy, retry_after: REFUSAL_RETRY_AFTER };
    let body = serde_json::to_vec(&error.body()).unwrap_or_default();
    let mut response = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         retry-after: {REFUSAL_RETRY_AFTER}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    response.extend_from_slice(&body);
    response
}

/// Where a request came from, when it came through [`serve`].
pub fn peer(request_extensions: &axum::http::Extensions) -> Option<SocketAddr> {
    request_extensions.get::<ConnectInfo<SocketAddr>>().map(|info| info.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refusal_is_a_whole_http_answer_in_persian() {
        let text = String::from_utf8(refusal()).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 503 "));
        assert!(head.contains("retry-after: 5"));
        assert!(head.contains(&format!("content-length: {}", body.len())));
        let body: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(body["error"]["code"], "server_busy");
        assert!(body["error"]["message"].as_str().unwrap().contains("ثانیه"));
    }
}
